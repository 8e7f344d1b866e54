// What the buyer's pages share (window.Onsale): the session, admission and live order kept in localStorage, so
// that every tab of a browser shares them; calls to the API with the session; problems in the buyer's words; and
// small DOM and formatting helpers. Loaded before shop.js and checkout.js.
(function () {
  'use strict';

  var LIVE = ['HELD', 'PAYMENT_PENDING'];

  /** "€50.00"-style money in the buyer's locale; the code itself where the locale does not know it. */
  function money(cents, currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency || 'EUR' }).format(cents / 100);
    } catch (unknownCurrency) {
      return (cents / 100).toFixed(2) + ' ' + currency;
    }
  }

  /** "2 min 05 s" until `at` (epoch ms), or null once it has passed. */
  function timeLeft(at, now) {
    var left = at - now;
    if (!(left > 0)) {
      return null;
    }
    var seconds = Math.floor(left / 1000);
    return Math.floor(seconds / 60) + ' min ' + String(seconds % 60).padStart(2, '0') + ' s';
  }

  // ---- storage and HTTP -------------------------------------------------------------------------

  function load(key) {
    try {
      return JSON.parse(window.localStorage.getItem(key));
    } catch (unavailable) {
      return null;
    }
  }

  function save(key, value) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch (unavailable) {
      // storage refused: this tab still works on its own
    }
  }

  function forget(key) {
    try {
      window.localStorage.removeItem(key);
    } catch (unavailable) {
      // nothing stored
    }
  }

  function sessionToken() {
    var saved = load('onsale.session');
    return saved && Date.parse(saved.expiresAt) > Date.now() ? saved.sessionToken : null;
  }

  function orderKey(eventId) {
    return 'onsale.order.' + eventId;
  }

  function newKey() {
    return window.crypto && window.crypto.randomUUID ? window.crypto.randomUUID()
        : 'k-' + Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
  }

  /** Resolves to {status, body, retryAfterSeconds}; status 0 when the network failed. */
  async function call(method, path, headers, body) {
    var all = { 'Accept': 'application/json' };
    var token = sessionToken();
    if (token) {
      all['Authorization'] = 'Bearer ' + token;
    }
    Object.keys(headers || {}).forEach(function (name) { all[name] = headers[name]; });
    if (body !== undefined) {
      all['Content-Type'] = 'application/json';
    }
    try {
      var response = await fetch(path, {
        method: method, headers: all, body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store', credentials: 'omit'
      });
      var parsed = response.status === 204 ? {} : await response.json().catch(function () { return {}; });
      return {
        status: response.status, body: parsed || {},
        retryAfterSeconds: parseInt(response.headers.get('Retry-After'), 10) || 0
      };
    } catch (networkFailure) {
      return { status: 0, body: {}, retryAfterSeconds: 0 };
    }
  }

  /** A problem's words for the buyer, with the retry hint where the API gave one. */
  function problemText(reply) {
    if (reply.status === 0) {
      return 'We could not reach Onsale. Check your connection and try again.';
    }
    var text = reply.body.detail || reply.body.title || ('The request failed (' + reply.status + ').');
    return reply.retryAfterSeconds > 0 ? text + ' Try again in ' + reply.retryAfterSeconds + ' s.' : text;
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

  function make(tag, text, className) {
    var made = document.createElement(tag);
    if (text !== undefined) {
      made.textContent = text;
    }
    if (className) {
      made.className = className;
    }
    return made;
  }

  function when(iso) {
    return iso ? new Date(iso).toLocaleString() : 'to be announced';
  }

  /** The stored live order of this event, if the API still says it is live; forgotten otherwise. */
  async function liveOrder(eventId) {
    var stored = load(orderKey(eventId));
    if (!stored || !sessionToken()) {
      return null;
    }
    var reply = await call('GET', '/api/orders/' + encodeURIComponent(stored.orderId));
    if (reply.status === 200 && LIVE.indexOf(reply.body.status) >= 0) {
      return reply.body;
    }
    if (reply.status === 200 || reply.status === 404) {
      forget(orderKey(eventId));
    }
    return null;
  }

  var Onsale = {
    LIVE: LIVE, money: money, timeLeft: timeLeft, load: load, save: save, forget: forget, sessionToken: sessionToken,
    orderKey: orderKey, newKey: newKey, call: call, problemText: problemText, sleep: sleep, element: element, say: say,
    make: make, when: when, liveOrder: liveOrder
  };
  if (typeof module === 'object' && module.exports) {
    module.exports = Onsale;
  }
  if (typeof window !== 'undefined') {
    window.Onsale = Onsale;
  }
}());
