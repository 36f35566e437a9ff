import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import TerminalCast from './TerminalCast.vue';
import './custom.css';

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('TerminalCast', TerminalCast);
  },
} satisfies Theme;
