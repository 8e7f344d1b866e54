-- One stroke of an event's admission pump: reclaims expired admissions, then admits buyers from the
-- head of the line within both caps. Safe to run from any number of replicas at once.
-- KEYS[1]  queue:{e}:event        hash: saleState, capacity
-- KEYS[2]  queue:{e}:opening      hash: state (admits only once 'open'), openedAt
-- KEYS[3]  queue:{e}:line         zset of waiting sessions, head = lowest score
-- KEYS[4]  queue:{e}:active       zset of active buyers: admission expiry (epoch ms), +inf once used
-- KEYS[5]  queue:{e}:admissions   hash: session -> admissionId:expiresAtEpochSeconds
-- KEYS[6]  queue:{e}:admission-expiries zset: session -> expiresAtEpochSeconds
-- KEYS[7]  queue:{e}:availability hash: available, soldOut
-- KEYS[8]  queue:{e}:settings     hash: maxActiveBuyers, maxAdmitPerSecond (operator's)
-- KEYS[9]  queue:{e}:bucket       hash: tokens, ts (epoch ms)
-- KEYS[10] queue:{e}:stats        hash: admitted (total), rate (measured per second), servingThrough (the
--                                 highest place admitted: everyone up to it has been let in)
-- KEYS[11] queue:{e}:admission-log zset: one member per admitting stroke, score epoch ms
-- ARGV[1] admission id prefix: 24 characters 'xxxxxxxx-xxxx-xxxx-xxxx-', random per call; the
--         script appends 12 hex digits, so ids are unique within and across calls
-- ARGV[2] admission TTL (seconds)      ARGV[3] default maxAdmitPerSecond
-- ARGV[4] least default maxActiveBuyers ARGV[5] default maxActiveBuyers per seat of capacity
-- ARGV[6] token bucket depth (ms of the admission rate)   ARGV[7] most admissions per call
-- ARGV[8] window of the measured rate (ms)                ARGV[9] most expired admissions cleaned per call
-- ARGV[10] claim window (ms): under the default maxActiveBuyers, a buyer admitted this recently who has not
--          placed an order yet claims one free seat, and the pump admits no more buyers than free seats
--          unclaimed; an operator's maxActiveBuyers admits up to it instead
-- Returns {admitted, reason, lineLength, active, reclaimed, session...}: reason is ADMITTED, EMPTY,
--   NOT_OPEN, PAUSED (sale not OPEN), NO_SEATS (counter at zero), SOLD_OUT, FULL (maxActiveBuyers
--   reached), CLAIMED (every free seat has a recently admitted buyer on its way) or RATE (no token); the
--   admitted sessions follow, head of the line first.
-- Invariants: ZRANGE and ZREM happen in this one script, so a buyer is admitted at most once per
--   place in line and never lost; ZCARD(active) never exceeds maxActiveBuyers because of an
--   admission; admissions over any interval t stay within depth + rate * t (shared Redis TIME).
local t = redis.call('TIME')
local nowSec = tonumber(t[1])
local nowMs = nowSec * 1000 + math.floor(tonumber(t[2]) / 1000)

local reclaimed = redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', nowMs)
local stale = redis.call('ZRANGEBYSCORE', KEYS[6], '-inf', nowSec, 'LIMIT', 0, tonumber(ARGV[9]))
for _, session in ipairs(stale) do
  redis.call('HDEL', KEYS[5], session)
  redis.call('ZREM', KEYS[6], session)
end

local window = tonumber(ARGV[8])
redis.call('ZREMRANGEBYSCORE', KEYS[11], '-inf', nowMs - window)
local function measure()
  local total = 0
  for _, entry in ipairs(redis.call('ZRANGE', KEYS[11], 0, -1)) do
    total = total + tonumber(string.match(entry, ':(%d+)$'))
  end
  local openedAt = tonumber(redis.call('HGET', KEYS[2], 'openedAt') or nowMs)
  local span = math.max(1000, math.min(window, nowMs - openedAt))
  redis.call('HSET', KEYS[10], 'rate', string.format('%.3f', total * 1000 / span))
end
local function outcome(admitted, reason, sessions)
  local result = {admitted, reason, redis.call('ZCARD', KEYS[3]), redis.call('ZCARD', KEYS[4]), reclaimed}
  for _, session in ipairs(sessions or {}) do
    result[#result + 1] = session
  end
  return result
end

if redis.call('HGET', KEYS[2], 'state') ~= 'open' then
  return outcome(0, 'NOT_OPEN')
end
measure()
local saleState = redis.call('HGET', KEYS[1], 'saleState')
if saleState == 'SOLD_OUT' or saleState == 'CLOSED' or redis.call('HGET', KEYS[7], 'soldOut') == '1' then
  return outcome(0, 'SOLD_OUT')
end
if saleState ~= 'OPEN' and saleState ~= 'SCHEDULED' then
  return outcome(0, 'PAUSED')
end
if redis.call('HGET', KEYS[7], 'available') == '0' then
  return outcome(0, 'NO_SEATS')
end

local capacity = tonumber(redis.call('HGET', KEYS[1], 'capacity') or '0')
local operatorsMax = redis.call('HGET', KEYS[8], 'maxActiveBuyers')
local maxActive = tonumber(operatorsMax or math.max(tonumber(ARGV[4]), capacity * tonumber(ARGV[5])))
local maxRate = tonumber(redis.call('HGET', KEYS[8], 'maxAdmitPerSecond') or ARGV[3])
local room = maxActive - redis.call('ZCARD', KEYS[4])
if room <= 0 then
  return outcome(0, 'FULL')
end
if not operatorsMax then
  -- an active buyer's score is its admission's expiry (admitted at expiry - TTL) until it holds (+inf)
  local claimedSince = nowMs + tonumber(ARGV[2]) * 1000 - tonumber(ARGV[10])
  local claiming = redis.call('ZCOUNT', KEYS[4], '(' .. claimedSince, '(+inf')
  local free = tonumber(redis.call('HGET', KEYS[7], 'available') or capacity)
  if free - claiming <= 0 then
    return outcome(0, 'CLAIMED')
  end
  room = math.min(room, free - claiming)
end

local depth = math.max(1, maxRate * tonumber(ARGV[6]) / 1000)
local bucket = redis.call('HMGET', KEYS[9], 'tokens', 'ts')
local tokens = depth
if bucket[1] then
  local elapsed = math.max(0, nowMs - tonumber(bucket[2]))
  tokens = math.min(depth, tonumber(bucket[1]) + elapsed * maxRate / 1000)
end
local n = math.min(room, math.floor(tokens), tonumber(ARGV[7]))
if n <= 0 then
  redis.call('HSET', KEYS[9], 'tokens', tokens, 'ts', nowMs)
  return outcome(0, 'RATE')
end
local head = redis.call('ZRANGE', KEYS[3], 0, n - 1, 'WITHSCORES')
local sessions = {}
for i = 1, #head, 2 do
  sessions[#sessions + 1] = head[i]
end
if #sessions == 0 then
  redis.call('HSET', KEYS[9], 'tokens', tokens, 'ts', nowMs)
  return outcome(0, 'EMPTY')
end
redis.call('ZREM', KEYS[3], unpack(sessions))
local expiresAt = nowSec + tonumber(ARGV[2])
for i, session in ipairs(sessions) do
  local admissionId = ARGV[1] .. string.format('%012x', i)
  redis.call('HSET', KEYS[5], session, admissionId .. ':' .. expiresAt)
  redis.call('ZADD', KEYS[4], expiresAt * 1000, session)
  redis.call('ZADD', KEYS[6], expiresAt, session)
end
redis.call('HSET', KEYS[9], 'tokens', tokens - #sessions, 'ts', nowMs)
redis.call('HINCRBY', KEYS[10], 'admitted', #sessions)
local through = tonumber(head[#head])
if through > tonumber(redis.call('HGET', KEYS[10], 'servingThrough') or '0') then
  redis.call('HSET', KEYS[10], 'servingThrough', string.format('%d', through))
end
redis.call('ZADD', KEYS[11], nowMs, ARGV[1] .. ':' .. #sessions)
measure()
return outcome(#sessions, 'ADMITTED', sessions)
