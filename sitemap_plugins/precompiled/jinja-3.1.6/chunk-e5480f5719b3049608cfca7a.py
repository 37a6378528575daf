from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = None

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_entries = resolve('entries')
    try:
        t_1 = environment.filters['decimal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'decimal' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_3 = environment.filters['w3c']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'w3c' found.")
    try:
        t_4 = environment.filters['yesno']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'yesno' found.")
    try:
        t_5 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    for l_1_entry in (undefined(name='entries') if l_0_entries is missing else l_0_entries):
        _loop_vars = {}
        pass
        yield '<url>\n  <loc>'
        yield (_v if (_v := l_1_entry.loc).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
        yield '</loc>\n'
        if l_1_entry.lastmod:
            pass
            yield '  <lastmod>'
            yield t_3(l_1_entry.lastmod)
            yield '</lastmod>\n'
        if l_1_entry.changefreq:
            pass
            yield '  <changefreq>'
            yield (_v if (_v := l_1_entry.changefreq).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
            yield '</changefreq>\n'
        if (not (l_1_entry.priority is None)):
            pass
            yield '  <priority>'
            yield t_1(l_1_entry.priority)
            yield '</priority>\n'
        for l_2_image in l_1_entry.images:
            _loop_vars = {}
            pass
            yield '  <image:image>\n    <image:loc>'
            yield (_v if (_v := l_2_image.loc).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
            yield '</image:loc>\n  </image:image>\n'
        l_2_image = missing
        for l_2_video in l_1_entry.videos:
            _loop_vars = {}
            pass
            yield '  <video:video>\n    <video:thumbnail_loc>'
            yield (_v if (_v := l_2_video.thumbnail_loc).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
            yield '</video:thumbnail_loc>\n    <video:title>'
            yield (_v if (_v := l_2_video.title).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
            yield '</video:title>\n    <video:description>'
            yield (_v if (_v := l_2_video.description).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
            yield '</video:description>\n'
            if l_2_video.content_loc:
                pass
                yield '    <video:content_loc>'
                yield (_v if (_v := l_2_video.content_loc).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:content_loc>\n'
            if l_2_video.player_loc:
                pass
                yield '    <video:player_loc>'
                yield (_v if (_v := l_2_video.player_loc).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:player_loc>\n'
            if (not (l_2_video.duration is None)):
                pass
                yield '    <video:duration>'
                yield (_v if (_v := l_2_video.duration).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:duration>\n'
            if l_2_video.expiration_date:
                pass
                yield '    <video:expiration_date>'
                yield t_3(l_2_video.expiration_date)
                yield '</video:expiration_date>\n'
            if (not (l_2_video.rating is None)):
                pass
                yield '    <video:rating>'
                yield t_1(l_2_video.rating)
                yield '</video:rating>\n'
            if (not (l_2_video.view_count is None)):
                pass
                yield '    <video:view_count>'
                yield (_v if (_v := l_2_video.view_count).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:view_count>\n'
            if l_2_video.publication_date:
                pass
                yield '    <video:publication_date>'
                yield t_3(l_2_video.publication_date)
                yield '</video:publication_date>\n'
            for l_3_tag in l_2_video.tags:
                _loop_vars = {}
                pass
                yield '    <video:tag>'
                yield (_v if (_v := l_3_tag).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:tag>\n'
            l_3_tag = missing
            if (not (l_2_video.family_friendly is None)):
                pass
                yield '    <video:family_friendly>'
                yield t_4(l_2_video.family_friendly)
                yield '</video:family_friendly>\n'
            if l_2_video.restriction:
                pass
                yield '    <video:restriction relationship="'
                yield (_v if (_v := l_2_video.restriction.relationship).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '">'
                yield (_v if (_v := t_2(context.eval_ctx, l_2_video.restriction.countries, ' ')).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:restriction>\n'
            for l_3_price in l_2_video.prices:
                _loop_vars = {}
                pass
                yield '    <video:price'
                if l_3_price.currency:
                    pass
                    yield ' currency="'
                    yield (_v if (_v := l_3_price.currency).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                    yield '"'
                if l_3_price.type:
                    pass
                    yield ' type="'
                    yield (_v if (_v := l_3_price.type).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                    yield '"'
                if l_3_price.resolution:
                    pass
                    yield ' resolution="'
                    yield (_v if (_v := l_3_price.resolution).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                    yield '"'
                yield '>'
                yield (_v if (_v := (l_3_price.amount or '')).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:price>\n'
            l_3_price = missing
            if (not (l_2_video.requires_subscription is None)):
                pass
                yield '    <video:requires_subscription>'
                yield t_4(l_2_video.requires_subscription)
                yield '</video:requires_subscription>\n'
            if l_2_video.uploader:
                pass
                yield '    <video:uploader'
                if l_2_video.uploader.info:
                    pass
                    yield ' info="'
                    yield (_v if (_v := l_2_video.uploader.info).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                    yield '"'
                yield '>'
                yield (_v if (_v := l_2_video.uploader.name).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:uploader>\n'
            if l_2_video.platform:
                pass
                yield '    <video:platform relationship="'
                yield (_v if (_v := l_2_video.platform.relationship).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '">'
                yield (_v if (_v := t_2(context.eval_ctx, l_2_video.platform.platforms, ' ')).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
                yield '</video:platform>\n'
            if (not (l_2_video.live is None)):
                pass
                yield '    <video:live>'
                yield t_4(l_2_video.live)
                yield '</video:live>\n'
            yield '  </video:video>\n'
        l_2_video = missing
        yield '</url>\n\x00'
    l_1_entry = missing

blocks = {}
debug_info = '1=42&2=46&3=48&4=51&6=53&7=56&9=58&10=61&12=63&14=67&17=70&19=74&20=76&21=78&22=80&23=83&25=85&26=88&28=90&29=93&31=95&32=98&34=100&35=103&37=105&38=108&40=110&41=113&43=115&44=119&46=122&47=125&49=127&50=130&52=134&53=138&55=157&56=160&58=162&59=165&61=173&62=176&64=180&65=183'
# url.xml's chunk of ['image', 'video', 'video_details']: made by `python3 dev.py templates` with Jinja 3.1.6; do not edit.
