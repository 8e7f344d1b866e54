-- Takes or renews one replica's exclusive right to relay one stream.
-- KEYS[1]  the stream's lease key (<stream>:relay-lease, same hash tag as the stream)
-- ARGV[1]  the caller's consumer name
-- ARGV[2]  lease duration in milliseconds
-- Returns  1 if the caller holds the lease for ARGV[2] ms from now, 0 if another replica holds it.
-- Invariant: at most one replica relays a stream at a time, so its entries reach Kafka in stream order.
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if holder then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
