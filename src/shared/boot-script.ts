/**
 * The one inline script of a prerendered page (docs/decisions/0011-no-lost-taps.md). It runs in
 * the head, before anything paints, and:
 * - holds every tap (click) on a button, label or input, and every form submission, until
 *   `<html data-app-ready>` says the whole page reacts, then replays them in order on the same
 *   elements (hydration keeps the prerendered nodes); links and <details> work natively meanwhile;
 * - starts the app's entry script (its `data-entry`) in the frame after the page has been parsed,
 *   so the first paint never waits for JavaScript.
 * It is a string because the server allows exactly this text by its hash in the
 * Content-Security-Policy (`bootScriptHash`); keep it plain ES5 that needs no build,
 * written compactly because it counts towards the home page's 110 KB of JavaScript.
 */
export const bootScript = `(function(){var d=document,html=d.documentElement,boot=d.currentScript,held=[];
function hold(e){var t=e.target.closest&&e.target.closest(e.type=='submit'?'form':'button,[role=button],label,input');if(t){e.preventDefault();e.stopImmediatePropagation();held.push(t)}}
function release(){removeEventListener('click',hold,true);removeEventListener('submit',hold,true);held.forEach(function(t){t.isConnected&&(t.tagName=='FORM'?t.requestSubmit():t.click())})}
addEventListener('click',hold,true);addEventListener('submit',hold,true);
new MutationObserver(function(r,o){html.hasAttribute('data-app-ready')&&(o.disconnect(),release())}).observe(html,{attributeFilter:['data-app-ready']});
d.addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){setTimeout(function(){var s=d.createElement('script');s.type='module';s.src=boot.getAttribute('data-entry');s.onerror=release;d.head.appendChild(s)})})})})();`;
