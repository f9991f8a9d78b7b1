/* Offline search over window.PAL_INDEX (written by pal_judge/html/search_index.py).
   tokens() and stem() mirror pal_judge/html/tokens.py exactly; the browser tests compare them. */
(function () {
  "use strict";
  var TOKEN_RE = /[0-9]+(?:\.[0-9]+)+|[a-z]+|[0-9]+|[\u3400-\u9fff\uf900-\ufaff]+/g;
  var HAN_RE = /^[\u3400-\u9fff\uf900-\ufaff]/;
  var STOPWORDS = {};
  ("a an and are as at be by for from has he her his if in is it its of on or she that the their them " +
    "then there these they this to was were which will with").split(" ").forEach(function (w) { STOPWORDS[w] = true; });

  function endsWith(word, suffix) { return word.slice(-suffix.length) === suffix; }

  function stem(word) {
    if (word.length <= 3) return word;
    if (endsWith(word, "ies") && word.length > 4) word = word.slice(0, -3) + "y";
    else if (endsWith(word, "sses")) word = word.slice(0, -2);
    else if (endsWith(word, "s") && !endsWith(word, "ss") && !endsWith(word, "us") && !endsWith(word, "is")) word = word.slice(0, -1);
    var suffixes = ["ing", "ed"];
    for (var i = 0; i < suffixes.length; i++) {
      var suffix = suffixes[i];
      if (endsWith(word, suffix) && word.length - suffix.length >= 3) {
        word = word.slice(0, -suffix.length);
        var last = word.charAt(word.length - 1);
        if (word.length > 3 && last === word.charAt(word.length - 2) && "lsz".indexOf(last) < 0 && "aeiou".indexOf(last) < 0) {
          word = word.slice(0, -1);
        }
        break;
      }
    }
    if (endsWith(word, "e") && word.length > 4) word = word.slice(0, -1);
    return word;
  }

  function tokens(text) {
    var out = [];
    var found = String(text).toLowerCase().match(TOKEN_RE) || [];
    found.forEach(function (token) {
      if (HAN_RE.test(token)) {
        var chars = Array.from(token);
        chars.forEach(function (c) { out.push(c); });
        for (var i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
      } else if (/^[0-9]/.test(token)) {
        out.push(token);
      } else if (!STOPWORDS[token]) {
        out.push(stem(token));
      }
    });
    return out;
  }

  function isHanUnigram(token) { return Array.from(token).length === 1 && HAN_RE.test(token); }
  function baseWeight(token) { return isHanUnigram(token) ? 0.3 : 1.0; }

  function wordIn(haystack, word) {
    var at = haystack.indexOf(word);
    while (at >= 0) {
      var before = at === 0 ? "" : haystack.charAt(at - 1);
      var after = haystack.charAt(at + word.length);
      if (!/[a-z]/.test(before) && !/[a-z]/.test(after === "s" ? haystack.charAt(at + word.length + 1) : after)) return true;
      at = haystack.indexOf(word, at + 1);
    }
    return false;
  }

  /* Glossary terms named in the query: Taunt <-> 挑衅. One-character Chinese variants only when they are the whole query. */
  function glossaryMatches(index, query) {
    var lower = query.toLowerCase().trim();
    return (index.glossary || []).filter(function (term) {
      var en = term[0], zh = term[1];
      return en.some(function (v) { return v && wordIn(lower, v.toLowerCase()); }) ||
        zh.some(function (v) { return v && (Array.from(v).length > 1 ? lower.indexOf(v) >= 0 : lower === v); });
    });
  }

  function queryWeights(index, query) {
    var weights = new Map();
    tokens(query).forEach(function (t) { weights.set(t, baseWeight(t)); });
    glossaryMatches(index, query).forEach(function (term) {
      term[0].concat(term[1]).forEach(function (variant) {
        tokens(variant).forEach(function (t) { if (!weights.has(t)) weights.set(t, 0.5 * baseWeight(t)); });
      });
    });
    return weights;
  }

  function search(index, query, limit) {
    query = String(query || "").trim();
    if (!query || !index) return [];
    var docs = index.docs, lengths = index.lengths, postings = index.postings;
    var n = docs.length, avg = 0;
    for (var i = 0; i < n; i++) avg += lengths[i];
    avg = avg / Math.max(n, 1);
    var k1 = 1.2, b = 0.75;
    var scores = new Map();
    queryWeights(index, query).forEach(function (weight, token) {
      var list = postings[token];
      if (!list) return;
      var df = list.length / 2;
      var idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (var j = 0; j < list.length; j += 2) {
        var d = list[j], tf = list[j + 1];
        var part = weight * idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[d] / avg));
        scores.set(d, (scores.get(d) || 0) + part);
      }
    });
    var lower = query.toLowerCase();
    var hits = [];
    scores.forEach(function (score, d) {
      var doc = docs[d];
      score *= doc[6];
      if (doc[1] === query) score += 1000;  /* a section number typed exactly */
      else if (lower.length > 1 && (doc[4].toLowerCase().indexOf(lower) >= 0 || doc[5].indexOf(query) >= 0)) score *= 1.5;
      hits.push({ doc: d, score: score, href: doc[0], label: doc[1], title_en: doc[2], title_zh: doc[3], en: doc[4], zh: doc[5] });
    });
    hits.sort(function (x, y) { return y.score - x.score || x.doc - y.doc; });
    return hits.slice(0, limit || 20);
  }

  /* The words of the query (and its glossary expansions) to mark in a snippet. */
  function markTerms(index, query) {
    var terms = [];
    String(query).trim().split(/\s+/).forEach(function (w) { if (w) terms.push(w); });
    glossaryMatches(index, query).forEach(function (term) { terms = terms.concat(term[0], term[1]); });
    return terms.filter(function (t) { return t.length > 0; });
  }

  window.PalSearch = { tokens: tokens, stem: stem, search: search, markTerms: markTerms };
})();
