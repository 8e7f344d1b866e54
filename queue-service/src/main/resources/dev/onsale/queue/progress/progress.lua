-- An event's public progress: what every waiting buyer needs to place itself, the same for all (read-only).
-- KEYS[1] queue:{e}:event        hash: saleState, saleOpensAt (absent: unknown event)
-- KEYS[2] queue:{e}:opening      hash: state = sealed | open (absent: not opened yet)
-- KEYS[3] queue:{e}:line         zset of waiting sessions, scored by place
-- KEYS[4] queue:{e}:pre          zset of sessions that joined before the opening
-- KEYS[5] queue:{e}:stats        hash: rate (measured admissions per second), servingThrough
-- KEYS[6] queue:{e}:availability hash: soldOut = 1 once nothing can come back
-- KEYS[7] queue:{e}:settings     hash: maxAdmitPerSecond (operator's)
-- ARGV[1] default maxAdmitPerSecond
-- Returns {known (0|1), saleState, saleOpensAt, opened (0|1), servingThrough, lineLength, rate,
--   maxAdmitPerSecond, soldOut (0|1), now (epoch ms)}. servingThrough is the highest place admitted: a buyer
--   at place p has p - servingThrough buyers to go (itself included), exactly, since the pump admits in place
--   order and nothing else leaves the line. lineLength counts the line and the pre-queue.
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {0, '', '', 0, 0, 0, '0', 0, 0, 0}
end
local t = redis.call('TIME')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local event = redis.call('HMGET', KEYS[1], 'saleState', 'saleOpensAt')
local saleState = event[1] or ''
local soldOut = redis.call('HGET', KEYS[6], 'soldOut') == '1' or saleState == 'SOLD_OUT' or saleState == 'CLOSED'
local stats = redis.call('HMGET', KEYS[5], 'rate', 'servingThrough')
return {
  1,
  saleState,
  event[2] or '',
  redis.call('HGET', KEYS[2], 'state') == 'open' and 1 or 0,
  tonumber(stats[2] or '0'),
  redis.call('ZCARD', KEYS[3]) + redis.call('ZCARD', KEYS[4]),
  stats[1] or '0',
  tonumber(redis.call('HGET', KEYS[7], 'maxAdmitPerSecond') or ARGV[1]),
  soldOut and 1 or 0,
  nowMs
}
