// The asciinema player and its stylesheet, in a chunk of their own: TerminalCast.vue imports this module only in
// the browser, so a page without a recording loads neither.
import 'asciinema-player/dist/bundle/asciinema-player.css';

export { create } from 'asciinema-player';
