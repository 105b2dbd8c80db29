import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import adonisjs from '@adonisjs/vite/client'

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    adonisjs({ entryPoints: ['inertia/app.tsx'], reload: ['resources/views/**/*.edge'] }),
  ],
  resolve: {
    alias: { '~/': `${import.meta.dirname}/inertia/` },
  },
  build: { sourcemap: false },
  // Test runs serve through Vite's dev server; without HMR, parallel runs cannot collide on its socket.
  server: { hmr: process.env.NODE_ENV === 'test' ? false : undefined },
})
