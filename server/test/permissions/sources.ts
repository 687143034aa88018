// The Environment Agency and Open-Meteo played by a local HTTP server from the recorded answers
// in server/test/fixtures/environment, so the public environmental fields answer every role
// without the internet. Only the shape matters here (permission, not parsing, is under test;
// server/test/environment.test.ts tests the data).
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/environment/${name}`, import.meta.url), "utf8");

export async function startSources(): Promise<{ eaApiUrl: string; openMeteoUrl: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    const p = new URL(req.url!, "http://replay").pathname;
    const send = (status: number, body: string) => res.writeHead(status, { "content-type": "application/json" }).end(body);
    if (p === "/ea/id/stations") return send(200, fixture("ea-stations-reading.json"));
    if (p === "/ea/id/stations/271011TP") return send(200, fixture("ea-station-271011TP.json"));
    if (p === "/ea/id/stations/271011TP/measures") return send(200, fixture("ea-measures-271011TP.json"));
    if (/^\/ea\/id\/(stations|measures)\/[^/]+\/readings$/.test(p)) return send(200, fixture("ea-readings-271011TP.json"));
    if (p === "/om/v1/forecast") return send(200, fixture("open-meteo-forecast.json"));
    return send(404, '{"error":"no route"}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    eaApiUrl: `${url}/ea`,
    openMeteoUrl: `${url}/om`,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
