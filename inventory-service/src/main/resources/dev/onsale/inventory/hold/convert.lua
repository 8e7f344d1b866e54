-- Applies OrderConfirmed to the gate: the order's seats are sold and never come back.
-- KEYS[1]  inventory:{e}:order:<orderId>   KEYS[2]  inventory:{e}:available
-- KEYS[3]  inventory:{e}:live-holds         KEYS[4]  inventory:{e}:sold
-- KEYS[5]  inventory:{e}:outbox             KEYS[6]  inventory:{e}:hold-timer:<orderId>
-- ARGV[1]  order id           ARGV[2]  event id        ARGV[3]  key prefix inventory:{e}:
-- ARGV[4]  record TTL in seconds           ARGV[5]  occurredAt (ISO-8601 UTC)
-- ARGV[6]  inventory topic                 ARGV[7]  id of an AvailabilityChanged message
-- Returns  {'CONVERTED'} | {'UNCHANGED', state} | {'UNKNOWN'}
-- Invariant: once per order (only a PENDING or HELD order converts); the counter stays down, the seat
-- claims stay (a sold seat is never offered again), live holds -1, sold + quantity, the session may
-- place again; the order leaves the live set and the pending index (named from ARGV[3]). AvailabilityChanged
-- is appended only when the last live hold ends with nothing left (the event is sold out for good).
local recordTtl = tonumber(ARGV[4])
if not recordTtl or recordTtl < 1 then
  return redis.error_reply('convert: bad record TTL')
end
local record = redis.call('HMGET', KEYS[1], 'state', 'quantity', 'session')
local state = record[1]
if not state then
  return {'UNKNOWN'}
end
if state ~= 'PENDING' and state ~= 'HELD' then
  return {'UNCHANGED', state}
end
local quantity = tonumber(record[2])
if not quantity or quantity < 1 then
  return redis.error_reply('convert: order record without quantity')
end
local liveHolds = tonumber(redis.call('GET', KEYS[3]) or '0')
if liveHolds > 0 then
  liveHolds = redis.call('DECR', KEYS[3])
end
redis.call('INCRBY', KEYS[4], quantity)
local session = ARGV[3] .. 'session:' .. record[3]
if redis.call('GET', session) == ARGV[1] then
  redis.call('DEL', session)
end
redis.call('DEL', KEYS[6])
redis.call('SREM', ARGV[3] .. 'live', ARGV[1])
redis.call('ZREM', ARGV[3] .. 'pending', ARGV[1])
redis.call('HSET', KEYS[1], 'state', 'CONVERTED')
redis.call('EXPIRE', KEYS[1], recordTtl)
local available = tonumber(redis.call('GET', KEYS[2]) or '0')
if liveHolds == 0 and available == 0 then
  local payload = string.format('{"eventId":"%s","available":0,"liveHolds":0,"soldOut":true}', ARGV[2])
  redis.call('XADD', KEYS[5], '*', 'topic', ARGV[6], 'key', ARGV[2], 'eventId', ARGV[7],
    'eventType', 'AvailabilityChanged', 'occurredAt', ARGV[5], 'payload', payload)
end
return {'CONVERTED'}
