// Run by catalogBench.ts in a process of its own, so its first read is the client's first:
// reads the catalog at argv[2] through the client and filters it for the text models, as the
// quick-pick does, then again ROUNDS times; prints the CPU time of each read as JSON.
import { ServiceClient } from '#src/platform/client/serviceClient';
import { usableTextModels } from '#src/platform/client/modelCatalog';
import { cpuMs } from './stats';

const ROUNDS = 30;

async function main(): Promise<void> {
  // The runner's own start-up work (tsx's cache upkeep, scheduled just after loading) settles first: it is not the client's.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const client = new ServiceClient({ baseUrl: process.argv[2] as string, apiKey: 'sk-or-v1-gateway-catalog', maxRetries: 0 });
  let usable = 0;
  const read = () => cpuMs(async () => void (usable = usableTextModels(await client.listModels()).length));
  const first = await read();
  const later: number[] = [];
  for (let i = 0; i < ROUNDS; i++) later.push(await read());
  console.log(JSON.stringify({ first, later, usable }));
}

void main();
