-- Applies SeatsAllocated to the gate: the database holds the order's seats.
-- KEYS[1]  inventory:{e}:order:<orderId>   KEYS[2]  inventory:{e}:hold-timer:<orderId>
-- KEYS[3..] inventory:{e}:seat:<seatId>    one claim per allocated seat
-- ARGV[1]  order id           ARGV[2]  hold timer TTL in seconds (until expiresAt, >= 1)
-- ARGV[3]  amountCents        ARGV[4]  currency           ARGV[5]  expiresAt (ISO-8601 UTC)
-- ARGV[6]  allocated seat ids joined by ','
-- Returns  {'HELD'}             the order went from PENDING to HELD now
--          {'UNCHANGED', state}  it was no longer PENDING (applied before, refused, timed out, released)
--          {'UNKNOWN'}           the gate has no record of the order
-- Invariant: idempotent (only a PENDING order changes), so every replica may apply the same reply; the order
-- leaves the event's pending index (inventory:{e}:pending, derived from KEYS[1]: same hash tag).
-- The allocated seats are claimed for the order (for a quantity order this is the first claim; the
-- database is the arbiter, so its allocation wins over a claim still pending for another order); the
-- hold timer starts once (SET NX EX).
local ttl = tonumber(ARGV[2])
if not ttl or ttl < 1 or ttl % 1 ~= 0 or not tonumber(ARGV[3]) then
  return redis.error_reply('mark_held: timer TTL and amount must be whole numbers')
end
local state = redis.call('HGET', KEYS[1], 'state')
if not state then
  return {'UNKNOWN'}
end
if state ~= 'PENDING' then
  return {'UNCHANGED', state}
end
for i = 3, #KEYS do
  redis.call('SET', KEYS[i], ARGV[1])
end
redis.call('HSET', KEYS[1], 'state', 'HELD', 'seats', ARGV[6], 'amountCents', ARGV[3], 'currency', ARGV[4],
  'expiresAt', ARGV[5])
-- answered by booking: no longer the sweep's; the index is the record's sibling (same hash tag, same slot)
redis.call('ZREM', string.gsub(KEYS[1], 'order:[^:]+$', 'pending'), ARGV[1])
redis.call('SET', KEYS[2], ARGV[1], 'NX', 'EX', ttl)
return {'HELD'}
