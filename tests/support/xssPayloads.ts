/**
 * The XSS corpus: classic, attribute-breakout, URL, mutation (mXSS), encoded and
 * expression-injection payloads. Each is a function of the JavaScript to run, `code`, which
 * calls `alert(n)` and `__x(n)` for the marker n of the record that holds it (xss.ts), so a
 * payload that runs anywhere is both a dialog and a recorded marker.
 * Sources: OWASP XSS filter evasion cheat sheet, PortSwigger's XSS cheat sheet and the
 * DOMPurify / mXSS bypasses published for older versions (Heyes, Bentkowski, Masas).
 */
export interface Payload {
  name: string;
  make: (code: string) => string;
}

/** `alert(1)` written as HTML character references, for entity-decoding payloads. */
const entities = (text: string, hex = false) => [...text].map((c) => (hex ? `&#x${c.charCodeAt(0).toString(16)};` : `&#${c.charCodeAt(0)};`)).join('');
const urlEncoded = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const unicodeEscaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

export const PAYLOADS: Payload[] = [
  // Classic tags and handlers.
  { name: 'script', make: (c) => `<script>${c}</script>` },
  { name: 'script-src-data', make: (c) => `<script src="data:text/javascript,${c}"></script>` },
  { name: 'img-onerror', make: (c) => `<img src=x onerror=${c}>` },
  { name: 'img-onerror-quoted', make: (c) => `<img src="x" onerror="${c}">` },
  { name: 'svg-onload', make: (c) => `<svg onload=${c}>` },
  { name: 'svg-slash-onload', make: (c) => `<svg/onload=${c}>` },
  { name: 'body-onload', make: (c) => `<body onload=${c}>` },
  { name: 'iframe-srcdoc', make: (c) => `<iframe srcdoc="<script>parent.${c.replace(/,/g, ';parent.')}</script>"></iframe>` },
  { name: 'iframe-src-js', make: (c) => `<iframe src="javascript:${c}"></iframe>` },
  { name: 'object-data', make: (c) => `<object data="javascript:${c}"></object>` },
  { name: 'embed-src', make: (c) => `<embed src="javascript:${c}">` },
  { name: 'input-autofocus', make: (c) => `<input autofocus onfocus=${c}>` },
  { name: 'details-ontoggle', make: (c) => `<details open ontoggle=${c}>` },
  { name: 'video-source-onerror', make: (c) => `<video><source onerror=${c}></video>` },
  { name: 'audio-onerror', make: (c) => `<audio src=x onerror=${c}>` },
  { name: 'marquee-onstart', make: (c) => `<marquee onstart=${c}>x</marquee>` },
  { name: 'style-onload', make: (c) => `<style onload=${c}></style>` },
  { name: 'link-onload', make: (c) => `<link rel=stylesheet href=x onerror=${c}>` },
  { name: 'meta-refresh', make: (c) => `<meta http-equiv="refresh" content="0;url=javascript:${c}">` },
  { name: 'form-action', make: (c) => `<form action="javascript:${c}"><button>提交</button></form>` },
  { name: 'button-formaction', make: (c) => `<button formaction="javascript:${c}">x</button>` },
  { name: 'animate-svg', make: (c) => `<svg><animate onbegin=${c} attributeName=x dur=1s>` },
  { name: 'svg-script', make: (c) => `<svg><script>${c}</script></svg>` },
  { name: 'svg-use-data', make: (c) => `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${c}'/></svg>#x"/></svg>` },
  { name: 'onpointer-div', make: (c) => `<div onpointerover=${c} style="position:fixed;inset:0">x</div>` },
  { name: 'template', make: (c) => `<template><img src=x onerror=${c}></template><img src=x onerror=${c}>` },
  // javascript: URLs in href / src and their disguises.
  { name: 'a-href-js', make: (c) => `<a href="javascript:${c}">点击</a>` },
  { name: 'a-href-js-entities', make: (c) => `<a href="&#106;avascript:${c}">点击</a>` },
  { name: 'a-href-js-tab', make: (c) => `<a href="jav&#x09;ascript:${c}">点击</a>` },
  { name: 'a-href-js-case', make: (c) => `<a href="JaVaScRiPt:${c}">点击</a>` },
  { name: 'a-href-data-html', make: (c) => `<a href="data:text/html,<script>${c}</script>">点击</a>` },
  { name: 'bare-js-url', make: (c) => `javascript:${c}` },
  { name: 'bare-js-url-comment', make: (c) => `javascript://%0a${c}` },
  { name: 'img-src-js', make: (c) => `<img src="javascript:${c}">` },
  // Attribute and context breakouts (a value put inside an attribute, a script string or a URL).
  { name: 'attr-double-quote', make: (c) => `" onmouseover="${c}" autofocus onfocus="${c}" x="` },
  { name: 'attr-single-quote', make: (c) => `' onmouseover='${c}' autofocus onfocus='${c}' x='` },
  { name: 'attr-close-tag', make: (c) => `"><img src=x onerror=${c}>` },
  { name: 'textarea-close', make: (c) => `</textarea><img src=x onerror=${c}>` },
  { name: 'title-close', make: (c) => `</title><img src=x onerror=${c}>` },
  { name: 'script-string-close', make: (c) => `';${c};//</script><script>${c}</script>` },
  { name: 'json-breakout', make: (c) => `"}</script><img src=x onerror=${c}>` },
  // Mutation XSS: markup that changes meaning when parsed a second time.
  { name: 'mxss-noscript', make: (c) => `<noscript><p title="</noscript><img src=x onerror=${c}>">` },
  { name: 'mxss-math-mglyph', make: (c) => `<math><mtext><table><mglyph><style><img src=x onerror=${c}>` },
  { name: 'mxss-math-style', make: (c) => `<math><mi><style><img src=x onerror=${c}></style></mi></math>` },
  { name: 'mxss-svg-style', make: (c) => `<svg></p><style><a id="</style><img src=1 onerror=${c}>">` },
  { name: 'mxss-form-nesting', make: (c) => `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=${c} src>">` },
  { name: 'mxss-select-template', make: (c) => `<select><template><style><!--</style><a rel="--></style></template></select><img src=x onerror=${c}>">` },
  { name: 'mxss-xmp', make: (c) => `<xmp><p title="</xmp><img src=x onerror=${c}>">` },
  { name: 'mxss-comment', make: (c) => `<!--><img src=x onerror=${c}>-->` },
  { name: 'mxss-cdata', make: (c) => `<svg><![CDATA[><img src=x onerror=${c}>]]></svg>` },
  { name: 'mxss-namespace', make: (c) => `<svg><p><style><img src=x onerror=${c}>` },
  { name: 'mxss-backtick', make: (c) => `<img src=\`x\` onerror=\`${c}\`>` },
  // Encoded variants.
  { name: 'entity-decimal-handler', make: (c) => `<img src=x onerror="${entities(c)}">` },
  { name: 'entity-hex-handler', make: (c) => `<img src=x onerror="${entities(c, true)}">` },
  { name: 'entity-escaped-markup', make: (c) => `&lt;img src=x onerror=${c}&gt;` },
  { name: 'url-encoded', make: (c) => `%3Cimg%20src%3Dx%20onerror%3D${urlEncoded(c)}%3E` },
  { name: 'unicode-escaped', make: (c) => `<img src=x onerror="${unicodeEscaped(c)}">` },
  { name: 'null-byte', make: (c) => `<img src=x o\u0000nerror=${c}><scr\u0000ipt>${c}</scr\u0000ipt>` },
  { name: 'fullwidth-brackets', make: (c) => `＜img src=x onerror=${c}＞` },
  // Expression injection: Formily / template / evaluator syntaxes.
  { name: 'formily-expression', make: (c) => `{{${c}}}` },
  { name: 'formily-constructor', make: (c) => `{{constructor.constructor("${c}")()}}` },
  { name: 'formily-scope-proto', make: (c) => `{{$self.__proto__.constructor.constructor("${c}")()}}` },
  { name: 'template-literal', make: (c) => `\${${c}}` },
  { name: 'angular-sandbox', make: (c) => `{{'a'.constructor.prototype.charAt=[].join;$eval('x=1} } };${c};//');}}` },
  // Spreadsheet formulas: harmless on screen, checked in exports.
  { name: 'formula-hyperlink', make: (c) => `=HYPERLINK("javascript:${c}","点击")` },
  { name: 'formula-dde', make: () => `+cmd|' /C calc'!A0` },
  { name: 'formula-minus', make: () => `-2+3+cmd|' /C calc'!A0` },
  { name: 'formula-at', make: () => `@SUM(1+1)*cmd|' /C calc'!A0` },
];

/** Values a spreadsheet would run as formulas when the export does not escape them. */
export const FORMULA_NAMES = new Set(['formula-hyperlink', 'formula-dde', 'formula-minus', 'formula-at']);
