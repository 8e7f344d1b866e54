-- Records that a replayed request is about to answer 201 for a HELD order, so that the original request,
-- finishing after its gateway gave up, no longer gives the order back (release.lua LATE reads the mark).
-- KEYS[1]  inventory:{e}:order:<orderId>
-- Returns  'ANSWERED'           the order is HELD and now marked: the replay may answer 201
--          <state>              any other state (PENDING, CONVERTED, RELEASED, REFUSED, TIMED_OUT): not marked
--          'UNKNOWN'            no record
-- Invariant: the mark and a LATE release exclude each other, since both run on the order's record in one
-- atomic step each: whichever comes first wins, so a buyer told 201 always has a live hold.
local state = redis.call('HGET', KEYS[1], 'state')
if not state then
  return 'UNKNOWN'
end
if state ~= 'HELD' then
  return state
end
redis.call('HSET', KEYS[1], 'answered', '1')
return 'ANSWERED'
