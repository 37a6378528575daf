{#- The optional stylesheet (option `stylesheet`): a browser opening a sitemap shows this table.
    Search engines ignore it.  XSLT 1.0, which every browser runs. -#}
<?xml version="1.0" encoding="UTF-8"?>
<!-- {{ generator }} -->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9"
    xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
    xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"
    xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"
    xmlns:xhtml="http://www.w3.org/1999/xhtml"
    exclude-result-prefixes="s image video news xhtml">
  <xsl:output method="html" encoding="UTF-8" indent="yes"/>
  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="UTF-8"/>
        <meta name="robots" content="noindex"/>
        <title>Sitemap</title>
        <style>
          body { font: 14px/1.5 system-ui, sans-serif; margin: 2rem; color: #222; }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: .3rem .6rem; border-bottom: 1px solid #ddd; vertical-align: top; }
          th { background: #f4f4f4; position: sticky; top: 0; }
          td.n { text-align: right; white-space: nowrap; }
          small { color: #666; }
        </style>
      </head>
      <body>
        <xsl:apply-templates select="s:urlset | s:sitemapindex"/>
        <script>
          // Addresses as people write them (%C3%BC is ü); the link itself stays the URI.
          for (const link of document.querySelectorAll("a.iri")) {
            try { link.textContent = decodeURI(link.textContent); } catch (error) { /* kept as it is */ }
          }
        </script>
      </body>
    </html>
  </xsl:template>
  <xsl:template match="s:sitemapindex">
    <h1>Sitemap index</h1>
    <p><xsl:value-of select="count(s:sitemap)"/> sitemap files.</p>
    <xsl:call-template name="note"/>
    <table>
      <tr><th>Sitemap</th><th>Last modified</th></tr>
      <xsl:for-each select="s:sitemap">
        <tr>
          <td><a class="iri" href="{s:loc}"><xsl:value-of select="s:loc"/></a></td>
          <td class="n"><xsl:call-template name="date"><xsl:with-param name="value" select="s:lastmod"/></xsl:call-template></td>
        </tr>
      </xsl:for-each>
    </table>
  </xsl:template>
  <!-- Below the heading and the count: a browser that warns of XSLT's removal lays its banner
       over the top of the page. -->
  <xsl:template name="note">
    <p id="xslt-note"><small>Browsers are removing XSLT, which draws this table: the report of a
      build (option <code>report</code>, or <code>sitemap-plugins check --format html</code>)
      shows the same and more, without it.</small></p>
  </xsl:template>
  <!-- A W3C date as people read it: 2024-05-01 09:30 +02:00. -->
  <xsl:template name="date">
    <xsl:param name="value"/>
    <xsl:choose>
      <xsl:when test="string-length($value) &gt; 10">
        <xsl:value-of select="concat(substring($value, 1, 10), ' ', substring($value, 12, 5), ' ', substring($value, 20))"/>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$value"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>
  <xsl:template match="s:urlset">
    <h1>Sitemap</h1>
    <p><xsl:value-of select="count(s:url)"/> URLs.</p>
    <xsl:call-template name="note"/>
    <table>
      <tr><th>URL</th><th>Last modified</th><th>Change</th><th>Priority</th><th>Images</th><th>Videos</th><th>Languages</th></tr>
      <xsl:for-each select="s:url">
        <tr>
          <td>
            <a class="iri" href="{s:loc}"><xsl:value-of select="s:loc"/></a>
            <xsl:if test="news:news"><br/><small>News: <xsl:value-of select="news:news/news:title"/></small></xsl:if>
          </td>
          <td class="n"><xsl:call-template name="date"><xsl:with-param name="value" select="s:lastmod"/></xsl:call-template></td>
          <td><xsl:value-of select="s:changefreq"/></td>
          <td class="n"><xsl:value-of select="s:priority"/></td>
          <td class="n"><xsl:value-of select="count(image:image)"/></td>
          <td class="n"><xsl:value-of select="count(video:video)"/></td>
          <td>
            <xsl:for-each select="xhtml:link">
              <a href="{@href}"><xsl:value-of select="@hreflang"/></a><xsl:text> </xsl:text>
            </xsl:for-each>
          </td>
        </tr>
      </xsl:for-each>
    </table>
  </xsl:template>
</xsl:stylesheet>
