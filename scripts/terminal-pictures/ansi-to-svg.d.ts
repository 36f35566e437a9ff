// ansi-to-svg ships no types: the part of its API the pictures use (its README)
declare module 'ansi-to-svg' {
  interface AnsiToSvgOptions {
    scale?: number;
    fontFamily?: string;
    fontSize?: number;
    lineHeight?: number;
    paddingTop?: number;
    paddingLeft?: number;
    paddingBottom?: number;
    paddingRight?: number;
    colors?: Record<string, string>;
  }
  export default function ansiToSvg(ansi: string, options?: AnsiToSvgOptions): string;
}
