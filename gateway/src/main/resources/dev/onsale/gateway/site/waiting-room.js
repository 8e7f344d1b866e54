// The waiting room page (/wait/{eventId}); once admitted it moves on to the next page (by default
// /events/{eventId}/admitted, where shop.js takes over). Contract: one session per browser, kept in
// localStorage so that every tab shares it (and its place in line, and its live order); join once, which gives the tab its permanent
// place in line (a pre-queue joiner gets it at the opening); then read the event's public progress
// document (the same cached bytes for everyone, revalidated by ETag) and show place - servingThrough;
// call the authenticated status only to learn the place once the room has opened, and when the place
// has been reached, for the admission token. Polls no sooner than the document's pollAfterMs, less often
// the longer the wait; after a 429, a 503 or a network failure wait at least Retry-After and back off
// exponentially; ADMITTED stores the admission and moves on; sold out is final; a halted sale (503
// sale-halted) says "sale stopped" and asks again after Retry-After, keeping the place.
(function () {
  'use strict';

  var MIN_POLL_MS = 500;
  var MAX_POLL_MS = 60000;
  var DEFAULT_POLL_MS = 2000;
  var MAX_BACKOFF_MS = 30000;
  var MAX_PROGRESS_POLL_MS = 15000;
  var MIN_PROGRESS_POLL_MS = 1000;
  var MAX_OPENING_SPREAD_MS = 10000;
  /** The latest a pre-queue tab first reads the progress document: an early opening or a halt shows by then. */
  var NOT_OPEN_LOOK_MS = 5000;
  var SESSION_MARGIN_MS = 60000;

  // ---- pure rules -------------------------------------------------------------------------------

  /**
   * Milliseconds until the next request. A good answer: the server's pollAfterMs, within sane bounds.
   * After `failures` failed requests in a row: 1 s, 2 s, 4 s ... up to 30 s, never less than
   * Retry-After, spread by up to 20 % (random in [0, 1)) so that refused clients do not return together.
   */
  function nextDelayMs(ok, pollAfterMs, retryAfterSeconds, failures, random) {
    if (ok) {
      return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, pollAfterMs > 0 ? pollAfterMs : DEFAULT_POLL_MS));
    }
    var backoff = Math.min(MAX_BACKOFF_MS, 1000 * Math.pow(2, Math.max(0, failures - 1)));
    return Math.round(Math.max(backoff, (retryAfterSeconds || 0) * 1000) * (1 + 0.2 * random));
  }

  /** Buyers to go, this one included: exact, since the pump admits in place order. 0 once it is reached. */
  function positionOf(place, servingThrough) {
    return Math.max(0, place - (servingThrough || 0));
  }

  /**
   * Whether the line no longer holds `place`: its waiting buyers fill the places after servingThrough, so a place
   * beyond servingThrough + lineLength is not in it. That happens only when the room lost its line (a Redis restart
   * without persistence) and began a new one; the tab then asks its status, which says it is not in the line, and
   * joins again.
   */
  function placeLost(place, progress) {
    return typeof place === 'number' && Boolean(progress.opened)
        && place > (progress.servingThrough || 0) + (progress.lineLength || 0);
  }

  /**
   * Milliseconds until the next read of the progress document: no sooner than its pollAfterMs (which grows
   * with the line, so that all its readers together keep within the event's read budget), and for a long wait
   * a quarter of it (at most 15 s); but a tab whose place comes before pollAfterMs reads when it comes (at
   * least 1 s ahead), so the front of the line is let in at once. Spread by up to 20 % so that a crowd does
   * not read in step.
   */
  function nextProgressDelayMs(pollAfterMs, waitSeconds, random) {
    var soonest = Math.min(MAX_POLL_MS, pollAfterMs > 0 ? pollAfterMs : DEFAULT_POLL_MS);
    var known = typeof waitSeconds === 'number' && waitSeconds >= 0;
    if (known && waitSeconds * 1000 < soonest) {
      return Math.round(Math.max(MIN_PROGRESS_POLL_MS, waitSeconds * 1000) * (1 + 0.2 * random));
    }
    var stretched = known ? waitSeconds * 1000 / 4 : 0;
    return Math.round(Math.max(soonest, Math.min(MAX_PROGRESS_POLL_MS, stretched)) * (1 + 0.2 * random));
  }

  /**
   * How long a pre-queue tab waits after the opening before it asks for its place: spread over up to 1 s per
   * 500 waiting (at most 10 s), so that the whole pre-queue does not ask in the same second.
   */
  function openingSpreadMs(lineLength, random) {
    return Math.round(Math.min(MAX_OPENING_SPREAD_MS, Math.max(0, lineLength || 0) * 2) * random);
  }

  /**
   * How long a tab whose line was lost waits before it asks its status (and joins again): a lost line is every
   * waiting tab at once, so they are spread as the opening spreads the pre-queue, over up to 1 s per 500 places
   * before the tab's own (at most 10 s): the front of the old line tends to be placed again first.
   */
  function lostLineSpreadMs(place, random) {
    return openingSpreadMs(place, random);
  }

  /** Seconds until `position` is reached at `admitPerSecond`; undefined when the rate is unknown. */
  function estimatedWaitSeconds(position, admitPerSecond) {
    return admitPerSecond > 0 ? Math.ceil(position / admitPerSecond) : undefined;
  }

  /** Share (0-100) of the people ahead of you when you first saw your position who are gone now. */
  function progressPercent(firstPosition, position) {
    if (typeof firstPosition !== 'number' || typeof position !== 'number') {
      return 0;
    }
    var aheadAtFirst = firstPosition - 1;
    if (!(aheadAtFirst > 0)) {
      return 100;
    }
    var gone = aheadAtFirst - (position - 1);
    return Math.round(100 * Math.min(1, Math.max(0, gone / aheadAtFirst)));
  }

  function waitInWords(seconds) {
    if (typeof seconds !== 'number' || seconds < 0) {
      return 'being calculated';
    }
    if (seconds < 60) {
      return 'less than a minute';
    }
    var minutes = Math.round(seconds / 60);
    if (minutes < 90) {
      return 'about ' + minutes + (minutes === 1 ? ' minute' : ' minutes');
    }
    return 'about ' + Math.round(minutes / 60) + ' hours';
  }

  // ---- storage and HTTP -------------------------------------------------------------------------

  var SESSION_KEY = 'onsale.session';

  function admissionKey(eventId) {
    return 'onsale.admission.' + eventId;
  }

  // the session and the admission are kept in localStorage through site.js (loaded first), as the other pages read them
  function store() {
    return window.Onsale;
  }

  /** Resolves to {status, body, retryAfterSeconds, etag}; status 0 when the network failed. */
  async function call(method, path, sessionToken, body, ifNoneMatch) {
    var headers = { 'Accept': 'application/json' };
    if (sessionToken) {
      headers['Authorization'] = 'Bearer ' + sessionToken;
    }
    if (ifNoneMatch) {
      headers['If-None-Match'] = ifNoneMatch;
    }
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    try {
      var response = await fetch(path, {
        method: method, headers: headers, body: body, cache: 'no-store', credentials: 'omit'
      });
      var parsed = response.status === 304 ? {} : await response.json().catch(function () { return {}; });
      return {
        status: response.status,
        body: parsed || {},
        retryAfterSeconds: parseInt(response.headers.get('Retry-After'), 10) || 0,
        etag: response.headers.get('ETag')
      };
    } catch (networkFailure) {
      return { status: 0, body: {}, retryAfterSeconds: 0 };
    }
  }

  /**
   * A live session token, created when the tab has none; null (and the failed reply) otherwise. A session created
   * for {@code eventId} joins that event's waiting room in the same call (one round trip on arrival): its join's
   * answer comes as {@code joined}, a reply like the join's own.
   */
  async function session(eventId) {
    var saved = store().load(SESSION_KEY);
    if (saved && Date.parse(saved.expiresAt) - Date.now() > SESSION_MARGIN_MS) {
      return { token: saved.sessionToken };
    }
    var created = await call('POST', '/api/sessions', null, eventId ? JSON.stringify({ eventId: eventId }) : '{}');
    if (created.status !== 201) {
      return { token: null, failed: created };
    }
    store().save(SESSION_KEY, { sessionToken: created.body.sessionToken, expiresAt: created.body.expiresAt });
    return {
      token: created.body.sessionToken,
      joined: created.body.queue ? { status: 200, body: created.body.queue, retryAfterSeconds: 0 } : null
    };
  }

  function sleep(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  // ---- the pages --------------------------------------------------------------------------------

  function element(id) {
    return document.getElementById(id);
  }

  function say(text) {
    element('message').textContent = text;
  }

  function showQueue(position, estimatedWaitSeconds, percent) {
    element('details').hidden = false;
    element('progress-box').hidden = false;
    element('position').textContent = String(position);
    element('wait').textContent = waitInWords(estimatedWaitSeconds);
    element('progress').value = percent;
    element('progress').textContent = percent + ' %';
  }

  function hideQueue() {
    element('details').hidden = true;
    element('progress-box').hidden = true;
  }

  /**
   * The waiting room's loop. The tab's place comes from its join, made with its session on arrival (or, for a
   * pre-queue joiner, from one status call after the opening); from then on only the public progress document is
   * read, until the place is reached and one status call fetches the admission.
   */
  async function waitingRoom(eventId) {
    var queue = '/api/queue/' + encodeURIComponent(eventId);
    var joined = false;
    var everJoined = false;
    var place = null;
    var progress = null;
    var etag = null;
    var askStatus = false;
    var firstPosition = null;
    var failures = 0;
    var nextMs = 0;
    for (;;) {
      if (nextMs > 0) {
        await sleep(nextMs);
      }
      var reply;
      var current = await session(eventId);
      var readingProgress = false;
      if (!current.token) {
        reply = current.failed;
      } else if (current.joined) {
        reply = current.joined;
      } else if (!joined) {
        reply = await call('POST', queue + '/join', current.token);
      } else if (askStatus) {
        reply = await call('GET', queue + '/status', current.token);
      } else {
        readingProgress = true;
        reply = await call('GET', queue + '/progress', null, undefined, etag);
        if (reply.status === 304 && progress) {
          reply = { status: 200, body: progress, retryAfterSeconds: 0, etag: etag };
        }
      }
      var answer = reply.body || {};
      if (reply.status === 200 && readingProgress) {
        failures = 0;
        var justOpened = !(progress && progress.opened) && answer.opened;
        progress = answer;
        etag = reply.etag || null;
        if (answer.soldOut) {
          hideQueue();
          say('Sold out. Every ticket for this event has been sold.');
          return;
        }
        if (place === null) {
          // a pre-queue tab: once the room has opened, it asks for the place drawn for it
          hideQueue();
          sayNotOpen(answer);
          askStatus = Boolean(answer.opened);
          nextMs = justOpened ? openingSpreadMs(answer.lineLength, Math.random())
              : nextProgressDelayMs(answer.pollAfterMs, undefined, Math.random());
          continue;
        }
        var position = positionOf(place, answer.servingThrough);
        var wait = estimatedWaitSeconds(position, answer.admitPerSecond);
        showPlace(position, wait);
        var lost = placeLost(place, answer);
        askStatus = position === 0 || lost;
        nextMs = lost ? lostLineSpreadMs(place, Math.random())
            : askStatus ? 0 : nextProgressDelayMs(answer.pollAfterMs, wait, Math.random());
        continue;
      }
      if (reply.status === 200) {
        joined = true;
        everJoined = true;
        failures = 0;
        askStatus = false;
        if (answer.status === 'ADMITTED') {
          store().save(admissionKey(eventId), {
            admissionToken: answer.admissionToken, admissionExpiresAt: answer.admissionExpiresAt
          });
          say('It is your turn. Taking you on…');
          window.location.assign(document.body.dataset.nextUrl.split('{eventId}').join(encodeURIComponent(eventId)));
          return;
        }
        if (answer.status === 'SOLD_OUT') {
          hideQueue();
          say('Sold out. Every ticket for this event has been sold.');
          return;
        }
        if (answer.status === 'WAITING' && typeof answer.place === 'number') {
          place = answer.place;
          showPlace(answer.position, answer.estimatedWaitSeconds);
        } else {
          hideQueue();
          sayNotOpen(progress || answer);
        }
        // the next look is at the progress document, no sooner than the server asks; before the opening the answer
        // paces API clients by the time left (up to a minute), but the page reads the public, cached document
        // instead, which costs the origin nothing and shows an early opening or a halt at once
        nextMs = nextDelayMs(true, answer.status === 'NOT_OPEN'
            ? Math.min(answer.pollAfterMs || NOT_OPEN_LOOK_MS, NOT_OPEN_LOOK_MS) : answer.pollAfterMs, 0, 0, 0);
        continue;
      }
      if (reply.status === 404 && answer.type === '/problems/event-not-found' && !everJoined) {
        hideQueue();
        say('There is no sale at this address. Check the link you followed.');
        return;
      }
      if (reply.status === 503 && answer.type === '/problems/sale-halted') {
        hideQueue();
        say('Sale stopped. The organiser has stopped this sale; nobody is being let in and no tickets are being '
            + 'sold right now. Keep this tab open: if the sale resumes, it carries on by itself.');
        nextMs = nextDelayMs(false, 0, reply.retryAfterSeconds, 1, Math.random());
        continue;
      }
      failures += 1;
      if (reply.status === 401) {
        store().forget(SESSION_KEY);
        joined = false;
        place = null;
        askStatus = false;
      } else if (reply.status === 404 && (!readingProgress || answer.type === '/problems/event-not-found')) {
        // no longer in the room (an admission that expired unused), or the room lost its line and is learning the
        // event again (it was known: the tab had joined): join again, at the back
        joined = false;
        place = null;
        askStatus = false;
      }
      say(reply.status === 404
          ? 'Your place in the line is no longer held (an admission not used in time, or a line the waiting room'
              + ' lost and is restoring). You will be placed again in a moment, at the end of the line.'
          : reply.status === 429 || reply.status === 503
            ? 'Many people are waiting right now. Your place is kept; retrying shortly…'
            : 'We could not reach the waiting room. Your place is kept; retrying shortly…');
      nextMs = nextDelayMs(false, answer.pollAfterMs, reply.retryAfterSeconds, failures, Math.random());
    }

    function showPlace(position, wait) {
      if (firstPosition === null && typeof position === 'number') {
        firstPosition = position;
      }
      say(position === 0 ? 'It is your turn in a moment…' : 'You are in the queue.');
      showQueue(position, wait, progressPercent(firstPosition, position));
    }
  }

  function sayNotOpen(known) {
    say(notOpenWords(known, function (iso) { return new Date(iso).toLocaleString(); }));
  }

  /** What a pre-queue tab says: that the sale has opened, or when it opens (`at` writes the time) where known. */
  function notOpenWords(known, at) {
    if (known.opened) {
      return 'The sale has opened. Drawing your place…';
    }
    return 'The sale has not opened yet' + (known.saleOpensAt ? '; it opens ' + at(known.saleOpensAt) : '')
        + '. Keep this tab open: when it opens, everyone waiting gets a place drawn at random.';
  }

  var rules = {
    nextDelayMs: nextDelayMs, progressPercent: progressPercent, waitInWords: waitInWords, positionOf: positionOf,
    nextProgressDelayMs: nextProgressDelayMs, placeLost: placeLost, openingSpreadMs: openingSpreadMs, lostLineSpreadMs: lostLineSpreadMs, estimatedWaitSeconds: estimatedWaitSeconds,
    notOpenWords: notOpenWords
  };
  if (typeof module === 'object' && module.exports) {
    module.exports = rules;
  }
  if (typeof document !== 'undefined') {
    waitingRoom(decodeURIComponent(window.location.pathname.split('/')[2] || ''));
  }
}());
