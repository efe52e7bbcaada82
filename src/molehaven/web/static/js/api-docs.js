// Starts Swagger UI on /docs. It is a file of its own, not the inline script FastAPI writes:
// the site's Content-Security-Policy runs scripts from this server only, so the inline one
// never ran and the page stayed blank.
/* global SwaggerUIBundle */
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root.dataset.openapi,
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
