import { useEffect, useState } from 'react'
import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import { Line } from 'react-chartjs-2'
import type { Data } from '~data'

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend, Filler)

export type ActivitySeries = { key: 'posts' | 'comments' | 'likes' | 'accounts'; label: string }

/** Colours readable on both themes (checked on the light and dark cards). */
const COLORS: Record<ActivitySeries['key'], { light: string; dark: string }> = {
  posts: { light: '#2563eb', dark: '#60a5fa' },
  comments: { light: '#7c3aed', dark: '#c4b5fd' },
  likes: { light: '#e11d48', dark: '#fb7185' },
  accounts: { light: '#059669', dark: '#34d399' },
}

/** Whether the page is in dark mode now (the theme toggle flips a class on <html>). */
function useDarkMode() {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'))
  useEffect(() => {
    const root = document.documentElement
    const observer = new MutationObserver(() => setDark(root.classList.contains('dark')))
    observer.observe(root, { attributes: true, attributeFilter: ['class'] })
    return () => observer.disconnect()
  }, [])
  return dark
}

/**
 * The activity chart itself: Chart.js (canvas) through react-chartjs-2, in
 * its own chunk (loaded by activity_chart.tsx only on the dashboard). The
 * canvas is described by its label; the same figures are in the table.
 */
export default function ActivityChartCanvas({
  points,
  series,
  label,
}: {
  points: Data.Admin.ActivityDay[]
  series: ActivitySeries[]
  label: string
}) {
  const dark = useDarkMode()
  const text = dark ? '#d4d4d8' : '#52525b'
  const grid = dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.08)'
  const long = points.length > 120
  return (
    <Line
      aria-label={label}
      role="img"
      data={{
        labels: points.map((p) => p.day),
        datasets: series.map((s) => {
          const color = COLORS[s.key][dark ? 'dark' : 'light']
          return {
            label: s.label,
            data: points.map((p) => p[s.key]),
            borderColor: color,
            backgroundColor: color,
            borderWidth: 2,
            pointRadius: long ? 0 : 2,
            pointHoverRadius: 4,
            tension: 0.25,
          }
        }),
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { color: text, boxWidth: 12, boxHeight: 12 } },
          tooltip: { mode: 'index', intersect: false },
        },
        scales: {
          x: {
            ticks: { color: text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 },
            grid: { color: grid },
          },
          y: {
            beginAtZero: true,
            ticks: { color: text, precision: 0 },
            grid: { color: grid },
          },
        },
      }}
    />
  )
}
