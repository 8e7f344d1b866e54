-- Starts an event's opening exactly once: records the shuffle seed and seals the pre-queue.
-- KEYS[1] queue:{e}:opening  hash: state, seed, sealedAt (epoch ms), later count, openedAt
-- ARGV[1] a fresh random seed (used only if this call is the first)
-- Returns {state, seed, first} where state is 'sealed' or 'open', seed the recorded one, and first
--   1 if this call sealed the pre-queue, else 0.
-- Invariant: the seed is written once and never changes; from the moment the hash exists joins go
--   to the line (place.lua), so the pre-queue no longer changes and the recorded seed fixes its order.
local state = redis.call('HGET', KEYS[1], 'state')
if state then
  return {state, redis.call('HGET', KEYS[1], 'seed'), 0}
end
local t = redis.call('TIME')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[1], 'state', 'sealed', 'seed', ARGV[1], 'sealedAt', nowMs)
return {'sealed', ARGV[1], 1}
