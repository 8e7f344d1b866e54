-- Applies one order event to an event's active buyers, once per message.
-- KEYS[1] queue:{e}:processed  inbox: ids of applied messages (set)
-- KEYS[2] queue:{e}:active     zset of active buyers: admission expiry (epoch ms), +inf once used
-- ARGV[1] message id   ARGV[2] inbox TTL (seconds)   ARGV[3] session id
-- ARGV[4] HELD (the session placed an order) | ENDED (an order of the session ended) | OTHER
-- Returns DUPLICATE (applied before; nothing changed), FREED (the session stopped counting as
--   active), IN_USE (its admission no longer expires unused), NOT_ACTIVE or IGNORED.
-- Invariant: a session admission frees its active slot exactly once, whichever comes first of
--   expiry (pump.lua) and an ended order, however often the message is delivered.
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then
  return 'DUPLICATE'
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
local session = ARGV[3]
if ARGV[4] == 'ENDED' then
  if redis.call('ZREM', KEYS[2], session) == 1 then
    return 'FREED'
  end
  return 'NOT_ACTIVE'
end
if ARGV[4] == 'HELD' then
  if redis.call('ZSCORE', KEYS[2], session) then
    redis.call('ZADD', KEYS[2], '+inf', session)
    return 'IN_USE'
  end
  return 'NOT_ACTIVE'
end
return 'IGNORED'
