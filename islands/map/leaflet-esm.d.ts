// Leaflet's own ES module build: the browser bundle imports it rather than the package's main
// (UMD) file, so no CommonJS wrapper helpers join the shared chunk every page loads, and no
// window.L is set. It has the package's API, so it has the package's types.
declare module "leaflet/dist/leaflet-src.esm.js" {
  export * from "leaflet";
}
