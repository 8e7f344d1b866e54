-- Completes an opening: moves the sealed pre-queue into the head of the line in the given order.
-- KEYS[1] queue:{e}:opening  hash: state, seed, ...
-- KEYS[2] queue:{e}:pre      zset of the sealed pre-queue
-- KEYS[3] queue:{e}:line     zset of waiting sessions
-- ARGV[1] the recorded seed the order was derived from
-- ARGV[2..] every pre-queue session, in their shuffled order
-- Returns the number of sessions moved, or -1 if the opening was already complete (nothing changed).
-- Errors (nothing changed) if the seed is not the recorded one or the list is not the whole pre-queue.
-- Invariant: a session's score in the line is its place. Pre-queue sessions get places 1..n in the
--   shuffled order, ahead of everyone who joined after the seal (places n+1, ... from the sequence that
--   seal.lua restarted at n); this happens once per event.
if redis.call('HGET', KEYS[1], 'state') ~= 'sealed' then
  return -1
end
if redis.call('HGET', KEYS[1], 'seed') ~= ARGV[1] then
  return redis.error_reply('open: seed differs from the recorded one')
end
local n = #ARGV - 1
if redis.call('ZCARD', KEYS[2]) ~= n then
  return redis.error_reply('open: the order does not cover the pre-queue')
end
for i = 2, #ARGV do
  if not redis.call('ZSCORE', KEYS[2], ARGV[i]) then
    return redis.error_reply('open: ' .. ARGV[i] .. ' is not in the pre-queue')
  end
end
local chunk = {}
for i = 2, #ARGV do
  chunk[#chunk + 1] = i - 1
  chunk[#chunk + 1] = ARGV[i]
  if #chunk >= 1000 or i == #ARGV then
    redis.call('ZADD', KEYS[3], unpack(chunk))
    chunk = {}
  end
end
redis.call('DEL', KEYS[2])
local t = redis.call('TIME')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[1], 'state', 'open', 'count', n, 'openedAt', nowMs)
return n
