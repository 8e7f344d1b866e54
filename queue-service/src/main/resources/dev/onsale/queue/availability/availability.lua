-- Applies one availability message from inventory to an event's waiting room, once per message.
-- KEYS[1] queue:{e}:processed     inbox: ids of applied messages (set)
-- KEYS[2] queue:{e}:availability  hash: available, liveHolds, at (epoch ms of the message), soldOut
-- ARGV[1] message id   ARGV[2] inbox TTL (seconds)   ARGV[3] available   ARGV[4] liveHolds
-- ARGV[5] occurredAt of the message (epoch ms)
-- Returns DUPLICATE, STALE (older than what is recorded; ignored), SOLD_OUT or RECORDED.
-- Invariant: soldOut, once set (counter at zero and no live hold: nothing can come back), stays set;
--   an older message never overwrites a newer one.
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then
  return 'DUPLICATE'
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
local at = redis.call('HGET', KEYS[2], 'at')
if at and tonumber(at) > tonumber(ARGV[5]) then
  return 'STALE'
end
redis.call('HSET', KEYS[2], 'available', ARGV[3], 'liveHolds', ARGV[4], 'at', ARGV[5])
if tonumber(ARGV[3]) == 0 and tonumber(ARGV[4]) == 0 then
  redis.call('HSET', KEYS[2], 'soldOut', '1')
  return 'SOLD_OUT'
end
return 'RECORDED'
