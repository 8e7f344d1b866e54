-- Reconciliation's repair of STALE_SEAT_CLAIM and STALE_SESSION_KEY: removes a seat claim or a session's live-order
-- key that names an order which is not live.
-- KEYS[1]  inventory:{e}:seat:<seatId> or inventory:{e}:session:<sessionId>
-- ARGV[1]  the order id the key was found naming     ARGV[2]  key prefix inventory:{e}:
-- Returns  'CLEARED'     the key named that order, which is neither PENDING nor HELD: removed
--          'UNCHANGED'   the key names another order now, is gone, or its order is live again: kept
-- Invariant: a key naming a live order is never removed, whatever happened since it was found.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 'UNCHANGED'
end
local state = redis.call('HGET', ARGV[2] .. 'order:' .. ARGV[1], 'state')
if state == 'PENDING' or state == 'HELD' then
  return 'UNCHANGED'
end
redis.call('DEL', KEYS[1])
return 'CLEARED'
