// Command headless drives a headless Chromium over the DevTools protocol
// for the repository's browser checks (scripts/check-review-page.sh): it
// opens a page, clicks elements chosen by CSS selector with real mouse
// events (pressed and released at the element's centre), lets the
// downloads go to a directory and waits for a named one, and writes the
// DOM after the clicks. It talks to Chromium over
// --remote-debugging-pipe (file descriptors 3 and 4, messages ended by a
// NUL byte): no port, no WebSocket, the standard library only.
//
//	go run ./scripts/headless -url file:///tmp/p/review.html \
//	    -click '#q1-c2 input' -click '#download' \
//	    -downloads /tmp/dl -want answers.json -dom /tmp/review.dom
//
// CHROMIUM names the browser (default chromium). Exit status 1 on any
// failure (an element not found, no download within -timeout).
package main
