// `import href from "x.css?url"`: scripts/build-assets.ts builds the stylesheet and answers its URL.
declare module "*.css?url" {
  const href: string;
  export default href;
}
