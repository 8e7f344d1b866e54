-- Reconciliation's repair of COUNTER_DRIFT: moves the gate's counters by the differences found against the database.
-- KEYS[1]  inventory:{e}:available   KEYS[2]  inventory:{e}:live-holds   KEYS[3]  inventory:{e}:sold
-- KEYS[4]  inventory:{e}:outbox
-- ARGV[1]  available delta   ARGV[2]  live-holds delta   ARGV[3]  sold delta (whole numbers, any sign)
-- ARGV[4]  event id          ARGV[5]  occurredAt          ARGV[6]  inventory topic
-- ARGV[7]  id of the AvailabilityChanged message
-- Returns  {available, liveHolds, sold} after
-- Invariant: deltas, not values: holds placed or ended since the counters were observed keep their effect. The
-- counter exists (an event the gate never initialised is not repaired here). AvailabilityChanged says the result.
local deltas = {tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])}
for i = 1, 3 do
  if not deltas[i] or deltas[i] % 1 ~= 0 then
    return redis.error_reply('adjust_counters: deltas must be whole numbers')
  end
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  return redis.error_reply('adjust_counters: the event has no gate counter')
end
local values = {}
for i = 1, 3 do
  values[i] = redis.call('INCRBY', KEYS[i], deltas[i])
end
local payload = string.format('{"eventId":"%s","available":%d,"liveHolds":%d,"soldOut":%s}',
  ARGV[4], math.max(values[1], 0), math.max(values[2], 0), tostring(values[1] <= 0 and values[2] <= 0))
redis.call('XADD', KEYS[4], '*', 'topic', ARGV[6], 'key', ARGV[4], 'eventId', ARGV[7],
  'eventType', 'AvailabilityChanged', 'occurredAt', ARGV[5], 'payload', payload)
return values
