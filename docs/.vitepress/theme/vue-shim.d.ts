// tsc reads the theme's TypeScript; VitePress compiles the .vue files themselves.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
