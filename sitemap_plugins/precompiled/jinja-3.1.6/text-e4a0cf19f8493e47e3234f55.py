from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'robots.txt'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_generator = resolve('generator')
    l_0_sitemap_urls = resolve('sitemap_urls')
    pass
    yield '# '
    yield str((undefined(name='generator') if l_0_generator is missing else l_0_generator))
    yield '\n'
    for l_1_url in (undefined(name='sitemap_urls') if l_0_sitemap_urls is missing else l_0_sitemap_urls):
        _loop_vars = {}
        pass
        yield 'Sitemap: '
        yield str(l_1_url)
        yield '\n'
    l_1_url = missing

blocks = {}
debug_info = '2=14&3=16&4=20'
# robots.txt: made by `python3 dev.py templates` with Jinja 3.1.6; do not edit.
