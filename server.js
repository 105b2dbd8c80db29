// Production entry point: runs the TypeScript sources through the same loader as ace.
import '@poppinss/ts-exec'

await import('./bin/server.js')
