-- Applies one catalog message to the waiting room's record of an event, once per message.
-- KEYS[1]  queue:{e}:processed  inbox: ids of applied messages (set)
-- KEYS[2]  queue:{e}:event      hash: saleOpensAt, saleState, capacity
-- ARGV[1]  id of the message     ARGV[2]  inbox TTL in seconds
-- ARGV[3..] field, value, field, value ... to set in the hash (an even number, at least one pair)
-- Returns  'APPLIED', or 'DUPLICATE' if this message was applied before (nothing changed).
-- Invariant: a message redelivered after later ones never overwrites what they set.
if #ARGV < 4 or #ARGV % 2 ~= 0 then
  return redis.error_reply('record_event: expects field/value pairs after the message id and TTL')
end
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then
  return 'DUPLICATE'
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
for i = 3, #ARGV, 2 do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
end
return 'APPLIED'
