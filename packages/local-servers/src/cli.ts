import { isAbsolute, join, resolve } from 'node:path';
import { installServers, startLocalServers } from './index.ts';
import { repoRoot } from './paths.ts';

const usage = `usage: tsx packages/local-servers/src/cli.ts <command>
  install   install the pinned mongo-java-server, MinIO, nats-server and LiveKit into .tools/bin, and ffmpeg (once per machine)
  start     start the local servers under DATA_DIR (default .data) until Ctrl-C;
            MONGO_URL, NATS_URL or S3_ENDPOINT set: that server is external and not started`;

const log = (line: string) => process.stderr.write(`[local-servers] ${line}\n`);

async function main(command: string | undefined): Promise<void> {
  if (command === 'install') {
    const installed = await installServers({ log });
    for (const [name, path] of Object.entries(installed)) process.stdout.write(`${name}\t${path}\n`);
    return;
  }
  if (command === 'start') {
    const dataDirEnv = process.env.DATA_DIR || '.data';
    const dataDir = isAbsolute(dataDirEnv) ? dataDirEnv : resolve(repoRoot, dataDirEnv);
    const servers = await startLocalServers({ dataDir, log });
    const lines = [
      `MONGO_URL=${servers.mongoUrl}`,
      `NATS_URL=${servers.natsUrl}`,
      `S3_ENDPOINT=${servers.s3.endPoint}`,
      `S3_PORT=${servers.s3.port}`,
      `S3_USE_SSL=${servers.s3.useSSL}`,
      `S3_ACCESS_KEY=${servers.s3.accessKey}`,
      `S3_SECRET_KEY=${servers.s3.secretKey}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    log(`logs in ${join(dataDir, 'logs')}; Ctrl-C stops the servers`);
    await new Promise<void>((resolveStop) => {
      let stopping = false;
      const onSignal = () => {
        if (stopping) return;
        stopping = true;
        log('stopping');
        servers.stop().then(resolveStop, (error: unknown) => {
          log(String(error));
          process.exitCode = 1;
          resolveStop();
        });
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    });
    return;
  }
  process.stderr.write(`${usage}\n`);
  process.exitCode = command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`[local-servers] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
