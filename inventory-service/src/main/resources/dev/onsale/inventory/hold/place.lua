-- The gate: places one order for a buyer session, or refuses it without writing anything.
-- KEYS[1]  inventory:{e}:available    the gate counter            KEYS[2]  inventory:{e}:live-holds
-- KEYS[3]  inventory:{e}:sale-state                               KEYS[4]  inventory:{e}:settings (maxPerOrder)
-- KEYS[5]  inventory:{e}:session:<sessionId>  the session's live order
-- KEYS[6]  inventory:{e}:idempotency:<sessionId>:<digest>  (not read when ARGV[5] is '0')
-- KEYS[7]  inventory:{e}:order:<orderId>      the new order's record (must not exist yet)
-- KEYS[8]  inventory:{e}:outbox               the event's outbox stream
-- KEYS[9]  inventory:{e}:pending             sorted set: PENDING orders by placement time (Redis clock, ms),
--                                             for the sweep that settles an order whose reply never came
-- KEYS[10..] inventory:{e}:seat:<seatId>      one claim per chosen seat (none: any `quantity` seats)
-- (also inventory:{e}:live, the set of live orders (PENDING or HELD) that reconciliation reads, named from KEYS[9]:
-- same hash tag, same slot)
-- ARGV[1]  order id (minted by the caller)    ARGV[2]  event id          ARGV[3]  session id
-- ARGV[4]  quantity                           ARGV[5]  '1' if an idempotency key was given, else '0'
-- ARGV[6]  idempotency TTL in seconds         ARGV[7]  requestedAt (ISO-8601 UTC)
-- ARGV[8]  commands topic                     ARGV[9]  id of the AllocateSeats message
-- ARGV[10] inventory topic                    ARGV[11] id of an AvailabilityChanged message
-- ARGV[12] the request's fingerprint (what it asks for: the quantity and the sorted chosen seats); an
--          idempotency key is stored as '<order id>|<fingerprint>' and replays only a request like it
-- ARGV[13] answerBy (ISO-8601 UTC): when the waiting request stops waiting for booking's reply
-- ARGV[14..] the chosen seat ids, in the order of KEYS[10..]
-- Returns  {'PLACED', available after}
--          {'REPLAYED', order id}      the idempotency key already names an order for this request: nothing changed
--          {'KEY_REUSED', order id}    the idempotency key names an order for another request: nothing changed
--          {'ABANDONED'}               the caller gave this order id up before the script ran (its answer was
--                                      lost, and release.lua ABANDON left a tombstone): nothing changed
--          {'REFUSED', reason[, ...]}  EVENT_NOT_FOUND, SALE_NOT_OPEN, LIMIT_EXCEEDED,
--                                      ORDER_ALREADY_LIVE (then the live order), SOLD_OUT (then the counter and
--                                      the live holds: whether seats can still come back), SEAT_UNAVAILABLE
-- Invariants: everything is checked before the first write, so a refusal writes nothing; the counter
-- is decremented by exactly `quantity` and never below 0; every chosen seat is claimed (value: the
-- order id) or none is; the AllocateSeats command is appended in the same atomic step as the
-- decrement. AvailabilityChanged is appended only when the counter reaches 0.
local quantity = tonumber(ARGV[4])
local seatCount = #KEYS - 9
if not quantity or quantity < 1 or quantity % 1 ~= 0 or #ARGV - 13 ~= seatCount
    or (seatCount > 0 and seatCount ~= quantity) then
  return redis.error_reply('place: quantity must be a positive whole number matching the chosen seats')
end
local chosen = {}
local seen = {}
for i = 1, seatCount do
  local seat = ARGV[13 + i]
  if not (string.find(seat, '^[A-Z0-9]+%-[0-9]+%-[0-9]+$') or string.find(seat, '^[A-Z0-9]+%-[0-9]+$')) then
    return redis.error_reply('place: malformed seat id')
  end
  if seen[seat] then
    return redis.error_reply('place: seat chosen twice')
  end
  seen[seat] = true
  chosen[i] = seat
end

if redis.call('EXISTS', KEYS[7]) == 1 then
  return {'ABANDONED'}
end
if ARGV[5] == '1' then
  local previous = redis.call('GET', KEYS[6])
  if previous then
    local bar = string.find(previous, '|', 1, true)
    if bar and string.sub(previous, bar + 1) ~= ARGV[12] then
      return {'KEY_REUSED', string.sub(previous, 1, bar - 1)}
    end
    return {'REPLAYED', bar and string.sub(previous, 1, bar - 1) or previous}
  end
end
local available = redis.call('GET', KEYS[1])
local maxPerOrder = redis.call('HGET', KEYS[4], 'maxPerOrder')
if not available or not maxPerOrder then
  return {'REFUSED', 'EVENT_NOT_FOUND'}
end
available = tonumber(available)
if redis.call('GET', KEYS[3]) ~= 'OPEN' then
  return {'REFUSED', 'SALE_NOT_OPEN'}
end
if quantity > tonumber(maxPerOrder) then
  return {'REFUSED', 'LIMIT_EXCEEDED'}
end
local live = redis.call('GET', KEYS[5])
if live then
  return {'REFUSED', 'ORDER_ALREADY_LIVE', live}
end
if available < quantity then
  return {'REFUSED', 'SOLD_OUT', available, tonumber(redis.call('GET', KEYS[2]) or '0')}
end
for i = 10, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    return {'REFUSED', 'SEAT_UNAVAILABLE'}
  end
end

local now = redis.call('TIME')
local left = redis.call('DECRBY', KEYS[1], quantity)
for i = 10, #KEYS do
  redis.call('SET', KEYS[i], ARGV[1])
end
local idempotency = ''
if ARGV[5] == '1' then
  idempotency = KEYS[6]
  redis.call('SET', KEYS[6], ARGV[1] .. '|' .. ARGV[12], 'EX', ARGV[6])
end
-- bounded even if nothing ends the order: no live order outlives a day (hold TTL <= 1 h, payment bound minutes)
redis.call('SET', KEYS[5], ARGV[1], 'EX', ARGV[6])
redis.call('ZADD', KEYS[9], tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000), ARGV[1])
redis.call('SADD', (string.gsub(KEYS[9], 'pending$', 'live')), ARGV[1])
redis.call('HSET', KEYS[7], 'state', 'PENDING', 'session', ARGV[3], 'quantity', quantity,
  'seats', table.concat(chosen, ','), 'idempotency', idempotency, 'requestedAt', ARGV[7])
local liveHolds = redis.call('INCR', KEYS[2])

local seatJson = '[]'
if seatCount > 0 then
  seatJson = '["' .. table.concat(chosen, '","') .. '"]'
end
local command = string.format(
  '{"orderId":"%s","eventId":"%s","sessionId":"%s","seatIds":%s,"quantity":%d,"requestedAt":"%s","answerBy":"%s"}',
  ARGV[1], ARGV[2], ARGV[3], seatJson, quantity, ARGV[7], ARGV[13])
redis.call('XADD', KEYS[8], '*', 'topic', ARGV[8], 'key', ARGV[1], 'eventId', ARGV[9],
  'eventType', 'AllocateSeats', 'occurredAt', ARGV[7], 'payload', command)
if left == 0 then
  local payload = string.format('{"eventId":"%s","available":0,"liveHolds":%d,"soldOut":false}', ARGV[2], liveHolds)
  redis.call('XADD', KEYS[8], '*', 'topic', ARGV[10], 'key', ARGV[2], 'eventId', ARGV[11],
    'eventType', 'AvailabilityChanged', 'occurredAt', ARGV[7], 'payload', payload)
end
return {'PLACED', left}
