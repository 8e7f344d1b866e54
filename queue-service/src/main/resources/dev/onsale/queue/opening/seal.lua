-- Starts an event's opening exactly once: records the shuffle seed and seals the pre-queue.
-- KEYS[1] queue:{e}:opening  hash: state, seed, sealedAt (epoch ms), later count, openedAt
-- KEYS[2] queue:{e}:pre      zset of sessions that joined before the opening
-- KEYS[3] queue:{e}:seq      arrival sequence: the place of the next joiner is its next value
-- ARGV[1] a fresh random seed (used only if this call is the first)
-- Returns {state, seed, first} where state is 'sealed' or 'open', seed the recorded one, and first
--   1 if this call sealed the pre-queue, else 0.
-- Invariants: the seed is written once and never changes; from the moment the hash exists joins go
--   to the line (place.lua), so the pre-queue no longer changes and the recorded seed fixes its order.
--   The pre-queue's n buyers get places 1..n at the opening (open.lua), so the sequence is set to n
--   here: every later joiner's sequence number is its place, n+1, n+2, ... with no gap.
local state = redis.call('HGET', KEYS[1], 'state')
if state then
  return {state, redis.call('HGET', KEYS[1], 'seed'), 0}
end
local t = redis.call('TIME')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[1], 'state', 'sealed', 'seed', ARGV[1], 'sealedAt', nowMs)
redis.call('SET', KEYS[3], redis.call('ZCARD', KEYS[2]))
return {'sealed', ARGV[1], 1}
