from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'sitemap.txt'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_locs = resolve('locs')
    pass
    for l_1_loc in (undefined(name='locs') if l_0_locs is missing else l_0_locs):
        _loop_vars = {}
        pass
        yield str(l_1_loc)
        yield '\n'
    l_1_loc = missing

blocks = {}
debug_info = '2=12&3=15'
# sitemap.txt: made by `python3 dev.py templates` with Jinja 3.1.6; do not edit.
