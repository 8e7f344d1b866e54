// What the operator's console (operator.js) and the auditor's (auditor.js) share, as window.OnsaleConsole: loaded
// first on both pages, it starts nothing by itself. Contract: the bearer token lives in this tab's sessionStorage
// only (never a URL, never localStorage), under the key of the page named by <body data-page>, and goes with every
// /admin and /audit call; the anonymous catalog read (GET /api/events) carries none. Every non-2xx answer is a
// problem document whose detail (or title) is shown in #error; a 401 or 403 forgets the token and asks for it again.
// Server text reaches the page through textContent only.
(function () {
  'use strict';

  var HASH_SHOWN = 12;
  var NONE = '—';

  // ---- pure rules -------------------------------------------------------------------------------

  /** The sessionStorage key of a page's token: onsale.operator-token or onsale.auditor-token. */
  function tokenKey(page) { return 'onsale.' + page + '-token'; }

  /** A failed reply in words: the problem's detail (or title) and its field errors; status 0 is no answer at all. */
  function problemText(reply) {
    if (reply.status === 0) {
      return 'Network failure: the gateway did not answer. Check the connection and try again.';
    }
    var body = reply.body || {};
    var fields = (Array.isArray(body.errors) ? body.errors : []).map(function (e) { return e.field + ' ' + e.message; });
    var text = body.detail || body.title || 'The gateway answered ' + reply.status + '.';
    return fields.length ? text + ' (' + fields.join('; ') + ')' : text;
  }

  // a value, a time, a hash and an amount as shown; a dash for what is missing
  function shown(value) { return value === null || value === undefined ? NONE : String(value); }
  function when(iso) { return iso ? new Date(iso).toLocaleString() : NONE; }
  function shortHash(hash) { return hash && hash.length > HASH_SHOWN ? hash.slice(0, HASH_SHOWN) + '…' : shown(hash); }
  function money(cents, currency) { return (cents / 100).toFixed(2) + ' ' + (currency || ''); }

  // ---- token, calls and rendering ---------------------------------------------------------------

  var errorFrom = null;

  function element(id) { return document.getElementById(id); }

  /** Writes a text only when it changed, so that live regions announce changes, not every poll. */
  function put(id, text) {
    if (element(id).textContent !== text) {
      element(id).textContent = text;
    }
  }

  /** This page's kept token; `keep` a string keeps it, null forgets it. Null when storage is unavailable. */
  function token(keep) {
    var key = tokenKey(document.body.dataset.page);
    try {
      if (keep === null) {
        window.sessionStorage.removeItem(key);
      } else if (keep !== undefined) {
        window.sessionStorage.setItem(key, keep);
      }
      return window.sessionStorage.getItem(key);
    } catch (unavailable) {
      return null;
    }
  }

  /** Shows `text` in #error; `source` ('action' or 'poll') lets a later success clear only its own kind. */
  function showError(text, source) {
    errorFrom = text ? source : null;
    put('error', text);
  }

  function clearError(source) {
    if (errorFrom === source) {
      showError('', null);
    }
  }

  /** The signed-in view while a token is kept, else the token form. */
  function signedIn(yes) {
    element('token-form').hidden = yes;
    element('signed-in').hidden = !yes;
    element('forget-token').hidden = !yes;
  }

  /** {status, ok, body, retryAfterSeconds}, status 0 for a network failure. `options`: body (sent as JSON), anonymous
   * (no token), accept ('text/csv' gives a successful body as a Blob). */
  async function call(method, path, options) {
    options = options || {};
    var headers = { 'Accept': options.accept || 'application/json' };
    if (!options.anonymous) {
      headers['Authorization'] = 'Bearer ' + token();
    }
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    try {
      var response = await fetch(path, { method: method, headers: headers, cache: 'no-store', credentials: 'omit',
        body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      var ok = response.status >= 200 && response.status < 300;
      var body = ok && options.accept ? await response.blob() : await response.json().catch(function () { return {}; });
      return { status: response.status, ok: ok, body: body || {},
        retryAfterSeconds: parseInt(response.headers.get('Retry-After'), 10) || 0 };
    } catch (networkFailure) {
      return { status: 0, ok: false, body: {}, retryAfterSeconds: 0 };
    }
  }

  /** Shows a failed reply; a refused token (401, 403) is forgotten and asked for again. */
  function failed(reply, source) {
    if (reply.status === 401 || reply.status === 403) {
      token(null);
      signedIn(false);
      showError('The token was refused: ' + [reply.body.title, reply.body.detail].filter(Boolean).join(' — ')
          + '. Enter the token again.', 'action');
      element('token').focus();
    } else {
      showError(problemText(reply), source || 'action');
    }
  }

  /** A new `tag` node holding `text` as text (never parsed as HTML). */
  function make(tag, text, className) {
    var node = document.createElement(tag);
    node.textContent = text === undefined ? '' : text;
    node.className = className || '';
    return node;
  }

  /** Replaces `tbody`'s rows; a cell is a value or a node; without rows, one row says `empty`. */
  function fillRows(tbody, rows, empty, columns) {
    tbody.textContent = '';
    rows.forEach(function (cells) {
      var tr = tbody.appendChild(make('tr'));
      cells.forEach(function (cell) {
        var td = tr.appendChild(make('td', typeof cell === 'object' && cell !== null ? '' : shown(cell)));
        if (typeof cell === 'object' && cell !== null) {
          td.appendChild(cell);
        }
      });
    });
    if (!rows.length) {
      tbody.appendChild(make('tr')).appendChild(make('td', empty)).colSpan = columns;
    }
  }

  /** A captioned table in a box that scrolls sideways on narrow screens. */
  function table(caption, headers, rows, empty) {
    var box = make('div', '', 'scroll');
    var grid = box.appendChild(make('table'));
    grid.appendChild(make('caption', caption));
    var head = grid.appendChild(make('thead')).appendChild(make('tr'));
    headers.forEach(function (name) {
      head.appendChild(make('th', name)).scope = 'col';
    });
    fillRows(grid.appendChild(make('tbody')), rows, empty, headers.length);
    return box;
  }

  /**
   * Fills a select with the catalog (names only: its sale states are cached, the dashboard has the live one),
   * choosing `preferred` if it is there; the events, none when the read failed.
   */
  async function loadEvents(selectId, preferred) {
    var reply = await call('GET', '/api/events', { anonymous: true });
    var events = reply.ok ? reply.body : [];
    var select = element(selectId);
    select.textContent = '';
    events.forEach(function (event) {
      select.appendChild(make('option', event.name + ' — ' + event.venue)).value = event.eventId;
    });
    if (!events.length) {
      select.appendChild(make('option', reply.ok ? 'No events yet' : 'Events not loaded')).value = '';
    }
    if (events.some(function (event) { return event.eventId === preferred; })) {
      select.value = preferred;
    }
    if (!reply.ok) {
      failed(reply);
    }
    return events;
  }

  /** Runs `action` on the element's `type` event (a user's doing: it clears the last action's error first). */
  function on(id, type, action) {
    element(id).addEventListener(type, function (happened) {
      if (type === 'submit') {
        happened.preventDefault();
      }
      clearError('action');
      action();
    });
  }

  function nameOf(events, eventId) {
    var known = events.filter(function (event) { return event.eventId === eventId; })[0];
    return known ? known.name : eventId;
  }

  /**
   * Shows the signed-in view and runs the page's `start` once a token is kept: at once when one is, else when one
   * is entered in #token-form. #forget-token forgets it and asks again. Called once, by the page's own script.
   */
  function whenSignedIn(start) {
    function enter() {
      signedIn(true);
      start();
    }
    on('token-form', 'submit', function () {
      var typed = element('token').value.trim();
      element('token').value = '';
      if (typed && token(typed) === typed) {
        enter();
      } else if (typed) {
        showError('This browser keeps no session storage for this page, so it cannot keep the token.', 'action');
      }
    });
    on('forget-token', 'click', function () {
      token(null);
      signedIn(false);
      element('token').focus();
    });
    if (token()) {
      enter();
    } else {
      signedIn(false);
    }
  }

  var OnsaleConsole = {
    NONE: NONE, tokenKey: tokenKey, problemText: problemText, shown: shown, when: when, shortHash: shortHash,
    money: money, element: element, put: put, token: token, clearError: clearError, call: call, failed: failed,
    make: make, fillRows: fillRows, table: table, loadEvents: loadEvents, on: on, nameOf: nameOf,
    whenSignedIn: whenSignedIn
  };
  if (typeof module === 'object' && module.exports) {
    module.exports = OnsaleConsole;
  }
  if (typeof window !== 'undefined') {
    window.OnsaleConsole = OnsaleConsole;
  }
}());
