-- Creates an event's gate counter once, from its EventCreated message, and announces it.
-- KEYS[1]  inventory:{e}:processed   inbox: ids of applied messages (set)
-- KEYS[2]  inventory:{e}:available   the gate counter
-- KEYS[3]  inventory:{e}:capacity    seats that exist
-- KEYS[4]  inventory:{e}:sale-state  current sale state
-- KEYS[5]  inventory:{e}:outbox      the event's outbox stream
-- KEYS[6]  inventory:{e}:settings    hash: maxPerOrder, holdTtlSeconds (what the gate enforces)
-- ARGV[1]  id of the EventCreated message        ARGV[2]  capacity (integer >= 0)
-- ARGV[3]  sale state of EventCreated            ARGV[4]  inbox TTL in seconds
-- ARGV[5]  outbox topic                          ARGV[6]  event id (record key, payload eventId)
-- ARGV[7]  id of the AvailabilityChanged message ARGV[8]  its occurredAt (ISO-8601 UTC)
-- ARGV[9]  maxPerOrder (integer >= 1)             ARGV[10] holdTtlSeconds (integer >= 1)
-- Returns  'CREATED'   counter set to the capacity, AvailabilityChanged appended to the outbox
--          'KEPT'      a counter already existed (another message announced the event): unchanged;
--                      the settings are (re)written, they carry no state of their own
--          'DUPLICATE' this message was applied before: nothing changed
-- Invariant: the counter is written only when it does not exist, so no redelivery or
-- re-publication resets a counter that holds have already decremented; an AvailabilityChanged is
-- appended exactly when the counter is created, in the same atomic step.
local capacity = tonumber(ARGV[2])
local ttl = tonumber(ARGV[4])
local maxPerOrder = tonumber(ARGV[9])
local holdTtl = tonumber(ARGV[10])
if not capacity or capacity < 0 or capacity % 1 ~= 0 or not ttl or ttl <= 0 then
  return redis.error_reply('init_counter: capacity and inbox TTL must be whole numbers')
end
if not maxPerOrder or maxPerOrder < 1 or maxPerOrder % 1 ~= 0 or not holdTtl or holdTtl < 1 or holdTtl % 1 ~= 0 then
  return redis.error_reply('init_counter: maxPerOrder and holdTtlSeconds must be positive whole numbers')
end
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then
  return 'DUPLICATE'
end
redis.call('EXPIRE', KEYS[1], ttl)
redis.call('HSET', KEYS[6], 'maxPerOrder', maxPerOrder, 'holdTtlSeconds', holdTtl)
if not redis.call('SET', KEYS[2], capacity, 'NX') then
  return 'KEPT'
end
redis.call('SET', KEYS[3], capacity)
redis.call('SET', KEYS[4], ARGV[3])
local soldOut = 'false'
if capacity == 0 then
  soldOut = 'true'
end
local payload = string.format('{"eventId":"%s","available":%d,"liveHolds":0,"soldOut":%s}',
  ARGV[6], capacity, soldOut)
redis.call('XADD', KEYS[5], '*',
  'topic', ARGV[5], 'key', ARGV[6], 'eventId', ARGV[7], 'eventType', 'AvailabilityChanged',
  'occurredAt', ARGV[8], 'payload', payload)
return 'CREATED'
