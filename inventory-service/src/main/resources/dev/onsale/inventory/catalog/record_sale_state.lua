-- Records an event's sale state from a SaleStateChanged message, once per message.
-- KEYS[1]  inventory:{e}:processed   inbox: ids of applied messages (set)
-- KEYS[2]  inventory:{e}:sale-state  current sale state
-- ARGV[1]  id of the SaleStateChanged message    ARGV[2]  the new sale state
-- ARGV[3]  inbox TTL in seconds
-- Returns  'RECORDED' or 'DUPLICATE' (applied before: nothing changed).
-- Invariant: a redelivered older message never overwrites a newer state; the counter is not touched.
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then
  return 'DUPLICATE'
end
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[2])
return 'RECORDED'
