// The frame of the patient pages: no app shell, large type (18 px base and up), the page's language on
// the document, and an English/Español switch kept in the URL (?lang=es) so a shared link keeps it.
import { type ConsentLanguage } from '@blueconsent/contract/consent'
import { PRODUCT_NAME } from '@blueconsent/contract/shared'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { COPY, LANGUAGES } from '../copy.ts'

export function useLanguageParam(): [ConsentLanguage | null, (language: ConsentLanguage) => void] {
  const [params, setParams] = useSearchParams()
  const value = params.get('lang')
  const language = value === 'en' || value === 'es' ? value : null
  const setLanguage = (next: ConsentLanguage) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        updated.set('lang', next)
        return updated
      },
      { replace: true },
    )
  return [language, setLanguage]
}

function useDocumentLanguage(language: ConsentLanguage): void {
  useEffect(() => {
    const root = document.documentElement
    const previous = root.lang
    root.lang = language
    return () => {
      root.lang = previous
    }
  }, [language])
}

export function ConsentLayout({
  language,
  onLanguage,
  children,
}: {
  language: ConsentLanguage
  onLanguage: (l: ConsentLanguage) => void
  children: ReactNode
}) {
  useDocumentLanguage(language)
  const copy = COPY[language]
  return (
    <div lang={language} className="min-h-screen bg-base-200 text-lg leading-relaxed">
      <header className="mx-auto flex w-full max-w-2xl flex-wrap items-center justify-between gap-3 px-4 pt-6">
        <p className="text-xl font-bold">{PRODUCT_NAME}</p>
        <nav aria-label={copy.switchTo} className="flex gap-2">
          {LANGUAGES.map((option) => (
            <button
              key={option}
              type="button"
              lang={option}
              aria-pressed={option === language}
              className={`btn btn-md text-lg ${option === language ? 'btn-neutral' : 'btn-ghost'}`}
              onClick={() => onLanguage(option)}
            >
              {COPY[option].languageName}
            </button>
          ))}
        </nav>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-2xl px-4 py-6">
        <div className="card bg-base-100 shadow">
          <div className="card-body gap-5 p-6 sm:p-8">{children}</div>
        </div>
      </main>
      <footer className="mx-auto flex w-full max-w-2xl flex-wrap gap-4 px-4 pb-8">
        <Link className="link" to={paths.privacyPolicy}>
          {copy.privacyPolicy}
        </Link>
        <Link className="link" to={paths.termsOfService}>
          {copy.termsOfService}
        </Link>
      </footer>
    </div>
  )
}

/** The screen's heading, focused when the screen changes so screen readers announce the new step. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [children])
  return (
    <h1 ref={ref} tabIndex={-1} className="text-3xl font-bold leading-tight outline-none">
      {children}
    </h1>
  )
}
