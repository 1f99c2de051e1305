/** What the page needs to know: where its assets and its document are. */
export interface PageSettings {
  /** Absolute path of the page's folder (`/docs`), context prefix included. */
  base: string
  /** URL of the OpenAPI document. */
  url: string
  title: string
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!)
}

/**
 * The HTML page: Swagger UI's stylesheet and bundle from `<base>/static/`, the start script from
 * `<base>/init.js`. Every URL is on this server: nothing is loaded from a CDN.
 */
export function renderPage({ base, title }: PageSettings): string {
  const title_ = escapeHtml(title)
  const at = (path: string) => escapeHtml(`${base}/${path}`)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title_}</title>
<link rel="stylesheet" href="${at('static/swagger-ui.css')}">
<link rel="stylesheet" href="${at('static/index.css')}">
<link rel="icon" type="image/png" href="${at('static/favicon-32x32.png')}" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${at('static/swagger-ui-bundle.js')}"></script>
<script src="${at('init.js')}"></script>
</body>
</html>
`
}

/**
 * The script that starts Swagger UI on the document. No validator badge (Swagger UI would ask an
 * outside service), no outside requests at all.
 */
export function renderInit({ url }: PageSettings): string {
  const config = {
    url,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    layout: 'BaseLayout',
  }
  // JSON in a script: `<` escaped so no `</script>` can end it early.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `window.addEventListener('load', function () {
  var config = ${json};
  config.presets = [SwaggerUIBundle.presets.apis];
  window.ui = SwaggerUIBundle(config);
});
`
}
