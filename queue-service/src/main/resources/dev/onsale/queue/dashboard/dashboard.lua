-- One event's waiting room as its operator's dashboard shows it, read in one step (read-only).
-- KEYS[1]  queue:{e}:event   hash: saleOpensAt, saleState, capacity (absent: the event is unknown here)
-- KEYS[2]  queue:{e}:pre     zset of sessions that joined before the opening
-- KEYS[3]  queue:{e}:line    zset of waiting sessions
-- KEYS[4]  queue:{e}:stats   hash: admitted (total)
-- KEYS[5]  queue:{e}:active  zset of active buyers: admission expiry (epoch ms), +inf once they hold an order
-- Returns {known (0|1), waitingBeforeOpening, waiting, admitted, activeBuyers}. An admission that expired unused
-- no longer counts as active here, even before the pump reclaims it.
if redis.call('EXISTS', KEYS[1]) == 0 then
    return {0, 0, 0, 0, 0}
end
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
return {
    1,
    redis.call('ZCARD', KEYS[2]),
    redis.call('ZCARD', KEYS[3]),
    tonumber(redis.call('HGET', KEYS[4], 'admitted') or '0'),
    redis.call('ZCOUNT', KEYS[5], '(' .. nowMs, '+inf')
}
