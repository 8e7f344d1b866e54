-- Reads an event's gate in one atomic step, for reconciliation (writes nothing).
-- KEYS[1]  inventory:{e}:available   KEYS[2]  inventory:{e}:live-holds   KEYS[3]  inventory:{e}:sold
-- KEYS[4]  inventory:{e}:live        the set of live orders
-- KEYS[5..] seat claims and session keys found by a SCAN just before (ARGV[2] of them are claims, then sessions)
-- ARGV[1]  key prefix inventory:{e}:   ARGV[2]  number of claim keys among KEYS[5..]
-- ARGV[3..] order ids whose record state is asked for (the database's live orders)
-- Returns  {available or false, liveHolds, sold, redisTimeMillis,
--           {id, state, quantity, seats, session, requestedAt, ...} for every live order (six fields each),
--           {claim value or false, ...} in the order of the claim keys,
--           {session value or false, ...} in the order of the session keys,
--           {state or false, ...} in the order of ARGV[3..]}
-- Invariant: read-only; every value comes from the same instant, so the live set, the counters, the claims and the
-- sessions agree with each other as the scripts that change them left them.
local now = redis.call('TIME')
local orders = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[4])) do
  local record = redis.call('HMGET', ARGV[1] .. 'order:' .. id, 'state', 'quantity', 'seats', 'session', 'requestedAt')
  table.insert(orders, id)
  for i = 1, 5 do
    table.insert(orders, record[i] or '')
  end
end
local claimCount = tonumber(ARGV[2])
local claims = {}
local sessions = {}
for i = 5, #KEYS do
  local value = redis.call('GET', KEYS[i]) or false
  if i - 4 <= claimCount then
    table.insert(claims, value)
  else
    table.insert(sessions, value)
  end
end
local states = {}
for i = 3, #ARGV do
  table.insert(states, redis.call('HGET', ARGV[1] .. 'order:' .. ARGV[i], 'state') or false)
end
return {redis.call('GET', KEYS[1]) or false, tonumber(redis.call('GET', KEYS[2]) or '0'),
  tonumber(redis.call('GET', KEYS[3]) or '0'), tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000),
  orders, claims, sessions, states}
