-- Gives up a replica's lease on one stream, so another replica takes the stream over at once.
-- KEYS[1]  the stream's lease key (<stream>:relay-lease)
-- ARGV[1]  the caller's consumer name
-- Returns  1 if the caller held the lease and it is gone, 0 otherwise.
-- Invariant: a replica never deletes a lease another replica holds.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
