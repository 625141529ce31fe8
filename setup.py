from configparser import ConfigParser
import setuptools

cfg = ConfigParser(delimiters=['='])
cfg.read('settings.ini', encoding='utf-8')
cfg = cfg['DEFAULT']

def reqs(key): return cfg.get(key, '').split()

requirements = reqs('requirements')
serve, course = reqs('serve_requirements'), reqs('course_requirements') + reqs('serve_requirements')
# [course]: what reading and running every chapter in Jupyter needs; [dev]: that, and nbdev to test and export
extras = dict(serve=serve, course=course, dev=reqs('dev_requirements') + course, flash=reqs('flash_requirements'))
licenses = {'apache2': ('Apache Software License 2.0', 'OSI Approved :: Apache Software License')}
lic = licenses[cfg['license']]
statuses = ['1 - Planning', '2 - Pre-Alpha', '3 - Alpha', '4 - Beta', '5 - Production/Stable']
py_versions = '3.10 3.11 3.12 3.13'.split()

setuptools.setup(
    name=cfg['lib_name'], version=cfg['version'], description=cfg['description'],
    license=lic[0], author=cfg['author'], author_email=cfg['author_email'], keywords=cfg['keywords'].split(),
    classifiers=['Development Status :: ' + statuses[int(cfg['status'])], 'Intended Audience :: ' + cfg['audience'],
                 'License :: ' + lic[1], 'Natural Language :: ' + cfg['language']]
                + ['Programming Language :: Python :: ' + v for v in py_versions],
    url=cfg['git_url'], packages=setuptools.find_packages(include=['nanovllm', 'nanovllm.*']),
    include_package_data=True, install_requires=requirements, extras_require=extras,
    python_requires='>=' + cfg['min_python'],
    long_description=open('README.md', encoding='utf-8').read(), long_description_content_type='text/markdown',
    zip_safe=False,
    entry_points={'console_scripts': cfg['console_scripts'].split(),
                  'nbdev': [f"{cfg['lib_path']}={cfg['lib_path']}._modidx:d"]},
)
