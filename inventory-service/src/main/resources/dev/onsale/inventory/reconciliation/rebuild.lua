-- Rebuilds an event's gate from the database after Redis lost it: the counters, the settings and the sale state,
-- and a claim on every sold seat; the live orders are then taken back one by one by adopt.lua.
-- KEYS[1]  inventory:{e}:available   KEYS[2]  inventory:{e}:capacity   KEYS[3]  inventory:{e}:sale-state
-- KEYS[4]  inventory:{e}:settings    KEYS[5]  inventory:{e}:live-holds KEYS[6]  inventory:{e}:sold
-- KEYS[7]  inventory:{e}:outbox
-- KEYS[8..] inventory:{e}:seat:<seatId>   one per seat the database has sold
-- ARGV[1]  capacity          ARGV[2]  sale state        ARGV[3]  maxPerOrder       ARGV[4]  holdTtlSeconds
-- ARGV[5]  the counter: the database's free seats (its live orders, which adopt.lua takes back next, are
--          counted off already, so that no hold sees their seats as free meanwhile)   ARGV[6]  seats sold
-- ARGV[7]  event id          ARGV[8]  occurredAt        ARGV[9]  inventory topic   ARGV[10] id of the AvailabilityChanged
-- ARGV[11..] the order each sold seat is sold to, in the order of KEYS[8..]
-- Returns  {'REBUILT', counter}   the gate exists again
--          {'UNCHANGED'}           the event has a counter already: nothing changed
-- Invariant: only a gate without a counter is rebuilt (SET NX), so a rebuild never overwrites a gate that holds
-- have used since; while there is none, place.lua refuses every hold (EVENT_NOT_FOUND).
local numbers = {tonumber(ARGV[1]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])}
for i = 1, 5 do
  if not numbers[i] or numbers[i] < 0 or numbers[i] % 1 ~= 0 then
    return redis.error_reply('rebuild: counts and settings must be whole numbers')
  end
end
if #KEYS - 7 ~= #ARGV - 10 then
  return redis.error_reply('rebuild: one order per sold seat')
end
if not redis.call('SET', KEYS[1], ARGV[5], 'NX') then
  return {'UNCHANGED'}
end
redis.call('SET', KEYS[2], ARGV[1])
-- a SaleStateChanged applied since the loss is newer than the database's read: kept
redis.call('SET', KEYS[3], ARGV[2], 'NX')
redis.call('HSET', KEYS[4], 'maxPerOrder', ARGV[3], 'holdTtlSeconds', ARGV[4])
redis.call('SET', KEYS[5], 0)
redis.call('SET', KEYS[6], ARGV[6])
for i = 8, #KEYS do
  redis.call('SET', KEYS[i], ARGV[i + 3])
end
local payload = string.format('{"eventId":"%s","available":%d,"liveHolds":0,"soldOut":%s}', ARGV[7],
  tonumber(ARGV[5]), tostring(tonumber(ARGV[5]) == 0))
redis.call('XADD', KEYS[7], '*', 'topic', ARGV[9], 'key', ARGV[7], 'eventId', ARGV[10],
  'eventType', 'AvailabilityChanged', 'occurredAt', ARGV[8], 'payload', payload)
return {'REBUILT', tonumber(ARGV[5])}
