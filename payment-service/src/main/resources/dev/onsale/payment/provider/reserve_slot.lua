-- Reserves the next send slot towards the acquirer in the schedule all replicas share (GCRA, burst 1).
-- KEYS[1]  the schedule: the Redis time (microseconds) of the next free slot
-- ARGV[1]  slot interval in microseconds (1e6 / (headroom * tps))
-- ARGV[2]  the furthest ahead a slot may be reserved, in microseconds
-- Returns {1, wait, slot} when a slot was reserved: send `wait` microseconds after the script ran, at Redis time
--         `slot`; {0, retry, slot} when the next free slot is further ahead than ARGV[2]: nothing is reserved,
--         ask again in `retry` microseconds.
-- Invariant: any two reserved slots are at least ARGV[1] apart, whichever replica reserved them; the clock is
-- Redis' own (TIME), so replicas need no clock agreement. Compatible with Redis 6.2 (effects replication) and 7.x.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local interval = tonumber(ARGV[1])
local horizon = tonumber(ARGV[2])
local slot = tonumber(redis.call('GET', KEYS[1]) or '0')
if slot < now then
  slot = now
end
local wait = slot - now
if wait > horizon then
  return {0, wait - horizon, slot}
end
local nextSlot = slot + interval
redis.call('SET', KEYS[1], string.format('%.0f', nextSlot), 'PX', math.ceil((nextSlot - now) / 1000) + 1000)
return {1, wait, slot}
