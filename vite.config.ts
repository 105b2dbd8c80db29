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
  // Every dependency the pages import, optimized up front: a dependency found
  // mid-session makes Vite re-bundle and reload, and a page half-loaded then
  // runs two copies of React (the test suite opens pages in parallel).
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      '@inertiajs/react',
      'lucide-react',
      'react-hot-toast',
      '@tanstack/react-query',
      '@tanstack/react-table',
      'luxon',
      'clsx',
      // Found on first visit otherwise, and the page reloads while Vite bundles them.
      'leaflet',
      'react-leaflet',
      'react-leaflet-cluster',
      'recharts',
    ],
  },
  // Test runs serve through Vite's dev server; without HMR, parallel runs cannot collide on its socket.
  server: { hmr: process.env.NODE_ENV === 'test' ? false : undefined },
})
