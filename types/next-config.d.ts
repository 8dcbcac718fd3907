// next.config.mjs is plain JavaScript (Next reads it without compiling); tests read its settings.
declare module '@/next.config.mjs' {
  const config: import('next').NextConfig;
  export default config;
}
