// JavaScript entry point for ace commands: registers the TypeScript loader first.
import '@poppinss/ts-exec'

await import('./bin/console.js')
