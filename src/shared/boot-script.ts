/**
 * The one inline script of a prerendered page (docs/decisions/0011-no-lost-taps.md). It runs in
 * the head, before anything paints, and:
 * - holds every tap (click) on a button, label or input, and every form submission, until
 *   `<html data-app-ready>` says the whole page reacts, then replays them in order on the same
 *   elements (hydration keeps the prerendered nodes); links and <details> work natively meanwhile;
 * - notes on an input the value it took before the app reacts (a key pressed on a slider, issue 38) as
 *   its `data-early-value`, which the input's component takes over once it runs (`useEarlyValue`);
 * - starts the app's entry script (its `data-entry`) once the first contentful paint is on screen
 *   (in the frame after parsing where the browser cannot tell of paints), so the first paint never
 *   waits for JavaScript and does not share a slow connection with the app's code (issue 27:
 *   measured by Lighthouse, whose estimate of the first paint counts every request started before
 *   it, the entry requested before the paint held LCP to 1.8 s on /login). A page opened in a
 *   background tab paints, and so starts, when it is first shown.
 * It is a string because the server allows exactly this text by its hash in the
 * Content-Security-Policy (`bootScriptHash`); keep it plain ES5 that needs no build,
 * written compactly because it counts towards the home page's 110 KB of JavaScript.
 */
export const bootScript = `(function(){var d=document,html=d.documentElement,boot=d.currentScript,held=[];
function hold(e){var t=e.target.closest&&e.target.closest(e.type=='submit'?'form':'button,[role=button],label,input');if(t){e.preventDefault();e.stopImmediatePropagation();held.push(t)}}
function early(e){var t=e.target;t.tagName=='INPUT'&&t.setAttribute('data-early-value',t.value)}
function release(){removeEventListener('click',hold,true);removeEventListener('submit',hold,true);removeEventListener('input',early,true);held.forEach(function(t){t.isConnected&&(t.tagName=='FORM'?t.requestSubmit():t.click())})}
addEventListener('click',hold,true);addEventListener('submit',hold,true);addEventListener('input',early,true);
new MutationObserver(function(r,o){html.hasAttribute('data-app-ready')&&(o.disconnect(),release())}).observe(html,{attributeFilter:['data-app-ready']});
function start(){var s=d.createElement('script');s.type='module';s.src=boot.getAttribute('data-entry');s.onerror=release;d.head.appendChild(s)}
var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l,o){l.getEntriesByName('first-contentful-paint').length&&(o.disconnect(),setTimeout(start))}).observe({type:'paint',buffered:true});else d.addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){setTimeout(start)})})})();`;
