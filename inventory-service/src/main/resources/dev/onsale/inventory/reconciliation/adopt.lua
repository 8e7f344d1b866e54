-- Reconciliation's repair of DATABASE_HOLD_WITHOUT_GATE: the database holds seats for an order the gate does not
-- count; the gate takes them back and counts the order as a live HELD hold, as if its reply had come.
-- KEYS[1]  inventory:{e}:order:<orderId>   KEYS[2]  inventory:{e}:available   KEYS[3]  inventory:{e}:live-holds
-- KEYS[4]  inventory:{e}:outbox             KEYS[5]  inventory:{e}:hold-timer:<orderId>
-- KEYS[6..] inventory:{e}:seat:<seatId>     the seats the database holds for the order
-- ARGV[1]  order id     ARGV[2]  event id     ARGV[3]  key prefix inventory:{e}:     ARGV[4]  session id
-- ARGV[5]  expiresAt (ISO-8601 UTC)          ARGV[6]  hold timer TTL in seconds (>= 1)
-- ARGV[7]  session key TTL in seconds        ARGV[8]  occurredAt     ARGV[9]  inventory topic
-- ARGV[10] id of the AvailabilityChanged message
-- ARGV[11] '1': the seats come off the counter; '0': the counter already excludes them (a gate rebuilt just now)
-- Returns  {'ADOPTED', available after}   the order is a live HELD hold at the gate now
--          {'UNCHANGED', state}             the gate counts the order already (PENDING, HELD or CONVERTED)
--          {'NO_GATE'}                      the event has no counter (Redis lost it since it was read): nothing
--                                           changed; the next run rebuilds the gate
-- Invariant: once per order (a live or converted order is never adopted): the counter goes down by the order's
-- seats exactly once, and the order's later end (booking's order event) gives them back exactly once, through
-- release.lua, since the record is HELD and marked answered (no late or abandoned request may end it).
local ttl = tonumber(ARGV[6])
local sessionTtl = tonumber(ARGV[7])
if not ttl or ttl < 1 or not sessionTtl or sessionTtl < 1 or #KEYS < 6 then
  return redis.error_reply('adopt: timer TTLs must be positive and the order must hold seats')
end
if redis.call('EXISTS', KEYS[2]) == 0 then
  return {'NO_GATE'}
end
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'PENDING' or state == 'HELD' or state == 'CONVERTED' then
  return {'UNCHANGED', state}
end
local quantity = #KEYS - 5
local seats = {}
for i = 6, #KEYS do
  local seat = string.sub(KEYS[i], #ARGV[3] + 6)
  table.insert(seats, seat)
  redis.call('SET', KEYS[i], ARGV[1])
end
local available
if ARGV[11] == '0' then
  available = tonumber(redis.call('GET', KEYS[2]) or '0')
else
  available = redis.call('DECRBY', KEYS[2], quantity)
end
local liveHolds = redis.call('INCR', KEYS[3])
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'state', 'HELD', 'session', ARGV[4], 'quantity', quantity,
  'seats', table.concat(seats, ','), 'idempotency', '', 'requestedAt', ARGV[8], 'expiresAt', ARGV[5],
  'answered', '1', 'reason', 'RECONCILED')
redis.call('SADD', ARGV[3] .. 'live', ARGV[1])
redis.call('SET', ARGV[3] .. 'session:' .. ARGV[4], ARGV[1], 'NX', 'EX', sessionTtl)
redis.call('SET', KEYS[5], ARGV[1], 'NX', 'EX', ttl)
local shown = math.max(available, 0)
local payload = string.format('{"eventId":"%s","available":%d,"liveHolds":%d,"soldOut":false}',
  ARGV[2], shown, liveHolds)
redis.call('XADD', KEYS[4], '*', 'topic', ARGV[9], 'key', ARGV[2], 'eventId', ARGV[10],
  'eventType', 'AvailabilityChanged', 'occurredAt', ARGV[8], 'payload', payload)
return {'ADOPTED', available}
