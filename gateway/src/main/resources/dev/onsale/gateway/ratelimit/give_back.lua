-- Returns the token a take just took from one bucket, when the request was refused by a bucket in another
-- slot of a Redis Cluster (TokenBuckets takes from each bucket on its own there).
-- KEYS[1]  the bucket (a hash {tokens, micros}, as take_tokens.lua leaves it)
-- ARGV[1]  the bucket's capacity (burst)
-- Returns 1 if a token was given back, 0 if the bucket is gone (expired: it is full again anyway).
-- Invariant: never above the capacity; the refill clock (micros) is left as the take set it.
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens'))
if tokens == nil then
  return 0
end
redis.call('HSET', KEYS[1], 'tokens', tostring(math.min(tonumber(ARGV[1]), tokens + 1)))
return 1
