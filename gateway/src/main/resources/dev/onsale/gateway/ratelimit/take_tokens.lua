-- Takes one token from each of one or two token buckets, all or nothing.
-- KEYS[1]  the client address bucket
-- KEYS[2]  optional: the buyer session bucket
-- ARGV[1]  address refill rate, tokens per second    ARGV[2]  address capacity (burst)
-- ARGV[3]  session refill rate, tokens per second    ARGV[4]  session capacity (burst)
-- Each bucket is a hash {tokens, micros}: the level at the time of the last take, refilled lazily.
-- Returns {allowed (1 or 0), milliseconds until a retry can pass (0 when allowed),
--          which bucket refused (0 none, 1 address, 2 session)}.
-- Invariant: a refused request takes nothing from any bucket; time is the server's (TIME), so all
-- gateway replicas share one clock. Compatible with Redis 6.2 (effects replication) and 7.x.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])

local buckets = {}
for i = 1, #KEYS do
  local rate = tonumber(ARGV[i * 2 - 1])
  local capacity = tonumber(ARGV[i * 2])
  local saved = redis.call('HMGET', KEYS[i], 'tokens', 'micros')
  local tokens = tonumber(saved[1])
  local micros = tonumber(saved[2])
  if tokens == nil or micros == nil then
    tokens = capacity
    micros = now
  end
  local elapsed = math.max(0, now - micros)
  tokens = math.min(capacity, tokens + elapsed * rate / 1000000)
  buckets[i] = {tokens = tokens, rate = rate, capacity = capacity}
end

local wait = 0
local refusedBy = 0
for i = 1, #KEYS do
  local b = buckets[i]
  if b.tokens < 1 then
    local ms = math.ceil((1 - b.tokens) / b.rate * 1000)
    if ms > wait then
      wait = ms
      refusedBy = i
    end
  end
end
if refusedBy > 0 then
  return {0, wait, refusedBy}
end

for i = 1, #KEYS do
  local b = buckets[i]
  redis.call('HSET', KEYS[i], 'tokens', tostring(b.tokens - 1), 'micros', tostring(now))
  redis.call('PEXPIRE', KEYS[i], math.ceil(b.capacity / b.rate * 1000) + 1000)
end
return {1, 0, 0}
